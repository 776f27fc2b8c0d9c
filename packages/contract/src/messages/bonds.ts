/** Refusals of the ETF and government-bond calls (calls/bonds.ts). */
const enUS = {
  'etf.assetClass': 'Choose an asset class: equity, bond or commodity.',
  'etf.maxTer': 'Enter the highest TER as a percentage with at most 2 decimals.',
  'etf.currency': 'Choose a fund currency: EUR or USD.',
  'etf.notFound': 'No ETF has the symbol {0}.',
  'bond.isin': 'Enter the ISIN of a government bond: 12 characters, such as IT0005584856.',
  'bond.kind': 'Choose a kind of bond: BTP, BTP Italia or BOT.',
  'bond.side': 'Choose buy or sell.',
  'bond.nominal': 'Enter the nominal in euros, a multiple of 1,000 from 1,000.',
  'bond.notFound': 'No government bond has the ISIN {0}.',
  'bond.matured': 'This bond has matured: it is redeemed, no longer traded.',
  'bond.notIssued': 'This bond is not issued yet.',
  'bond.notHeld': 'You hold {0} EUR nominal of this bond: you cannot sell more.',
  'bond.balance': 'Your cash must cover {0} EUR (price plus accrued interest).',
  'bond.lastDays':
    'This bond is redeemed on {0}: it no longer trades, as a trade would settle two business days later.',
  'bond.notSettled':
    'You can sell {0} EUR nominal of this bond now: what you bought is yours to sell from its value date, two business days after the purchase.',
};

const itIT: typeof enUS = {
  'etf.assetClass': 'Scegli una classe di attivo: azioni, obbligazioni o materie prime.',
  'etf.maxTer': 'Inserisci il TER massimo in percentuale, con al massimo 2 decimali.',
  'etf.currency': 'Scegli una valuta del fondo: EUR o USD.',
  'etf.notFound': 'Nessun ETF ha il simbolo {0}.',
  'bond.isin': "Inserisci l'ISIN di un titolo di Stato: 12 caratteri, come IT0005584856.",
  'bond.kind': 'Scegli un tipo di titolo: BTP, BTP Italia o BOT.',
  'bond.side': 'Scegli acquisto o vendita.',
  'bond.nominal': 'Inserisci il nominale in euro, un multiplo di 1.000 a partire da 1.000.',
  'bond.notFound': "Nessun titolo di Stato ha l'ISIN {0}.",
  'bond.matured': 'Questo titolo è scaduto: è stato rimborsato e non si negozia più.',
  'bond.notIssued': 'Questo titolo non è ancora stato emesso.',
  'bond.notHeld': 'Possiedi {0} EUR di nominale di questo titolo: non puoi venderne di più.',
  'bond.balance': 'La liquidità deve coprire {0} EUR (prezzo più rateo di interessi).',
  'bond.lastDays':
    'Questo titolo viene rimborsato il {0}: non si negozia più, perché una compravendita si regolerebbe due giorni lavorativi dopo.',
  'bond.notSettled':
    'Ora puoi vendere {0} EUR di nominale di questo titolo: quanto hai acquistato è vendibile dalla data valuta, due giorni lavorativi dopo l’acquisto.',
};

export const bondsMessages = { 'en-US': enUS, 'it-IT': itIT };
