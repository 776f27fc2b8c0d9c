/** Refusals of the copy-trading calls (calls/fund.ts, calls/fund-admin.ts). */
const enUS = {
  'fund.amount': 'Enter the amount with at most 2 decimals, above zero.',
  'fund.notFound': 'Fund not found.',
  'fund.managerNotFound': 'Fund manager not found.',
  'fund.paused': 'This fund is paused: it takes no new money for now.',
  'fund.amountMin': 'Follow this fund with at least {0} {1}.',
  'fund.balance': 'Account must suffice for {0} {1}.',
  'fund.marketClosed':
    'The market is closed, so the fund has no current NAV to buy at: following reopens with the market at 09:00.',
  'fund.profileRequired': 'Complete the appropriateness questionnaire before following a fund.',
  'fund.refused':
    'This fund’s risk class ({0} of 7) is not appropriate for the experience and risk you declared.',
  'fund.riskAck': 'This fund fits your profile only with a warning: read it and confirm it.',
  'fund.orderNotFound': 'Following not found.',
  'fund.notActive': 'You no longer follow this fund with this order: nothing can be added or redeemed.',
  'fund.amountMax': 'At most {0} {1} in total may be invested in this fund.',
  'fund.locked': 'This investment is locked in until {0}: no exit before then.',
  'fund.noEarlyExit': 'This fund returns the capital only at the end of its period.',
  'fund.managerName': 'Enter the manager’s name (at most 60 characters).',
  'fund.bio': 'Enter the manager’s biography (at most 1,000 characters).',
  'fund.photoUrl': 'The photo is an address that starts with https:// (at most 300 characters).',
  'fund.name': 'Enter the fund’s name (at most 60 characters).',
  'fund.mode': 'Choose a fund traded by its manager or bound to a strategy.',
  'fund.strategyRequired': 'A fund bound to a strategy needs the strategy.',
  'fund.fixed': 'A fund’s manager, mode, strategy and basket cannot change once created.',
  'fund.notManual': 'This fund is bound to a strategy: its book trades by itself.',
  'fund.side': 'Choose buy or sell.',
  'fund.quantity': 'The quantity is a whole number of shares, at least 1.',
  'fund.symbolNotInBasket': '{0} is not among the shares this fund may hold.',
};

const itIT: typeof enUS = {
  'fund.amount': "Inserisci l'importo maggiore di zero, con al massimo 2 decimali.",
  'fund.notFound': 'Fondo non trovato.',
  'fund.managerNotFound': 'Gestore non trovato.',
  'fund.paused': 'Questo fondo è sospeso: per ora non accetta nuovo denaro.',
  'fund.amountMin': 'Segui questo fondo con almeno {0} {1}.',
  'fund.balance': 'Il saldo deve coprire {0} {1}.',
  'fund.marketClosed':
    'Il mercato è chiuso, quindi il fondo non ha un NAV attuale a cui comprare: si potrà seguirlo alla riapertura delle 09:00.',
  'fund.profileRequired': 'Completa il questionario di appropriatezza prima di seguire un fondo.',
  'fund.refused':
    "La classe di rischio di questo fondo ({0} su 7) non è appropriata per l'esperienza e il rischio che hai dichiarato.",
  'fund.riskAck': 'Questo fondo è adatto al tuo profilo solo con un avviso: leggilo e confermalo.',
  'fund.orderNotFound': 'Posizione nel fondo non trovata.',
  'fund.notActive': 'Non segui più il fondo con questo ordine: non si può aggiungere né rimborsare nulla.',
  'fund.amountMax': 'In questo fondo si possono investire al massimo {0} {1} in tutto.',
  'fund.locked': 'Questo investimento è vincolato fino al {0}: nessuna uscita prima di allora.',
  'fund.noEarlyExit': 'Questo fondo restituisce il capitale solo alla fine del periodo.',
  'fund.managerName': 'Inserisci il nome del gestore (al massimo 60 caratteri).',
  'fund.bio': 'Inserisci la biografia del gestore (al massimo 1.000 caratteri).',
  'fund.photoUrl': 'La foto è un indirizzo che inizia con https:// (al massimo 300 caratteri).',
  'fund.name': 'Inserisci il nome del fondo (al massimo 60 caratteri).',
  'fund.mode': 'Scegli un fondo gestito dal gestore o legato a una strategia.',
  'fund.strategyRequired': 'Un fondo legato a una strategia ha bisogno della strategia.',
  'fund.fixed': 'Gestore, modalità, strategia e paniere di un fondo non cambiano dopo la creazione.',
  'fund.notManual': 'Questo fondo è legato a una strategia: il suo portafoglio opera da sé.',
  'fund.side': 'Scegli acquisto o vendita.',
  'fund.quantity': 'La quantità è un numero intero di azioni, almeno 1.',
  'fund.symbolNotInBasket': '{0} non è tra le azioni che questo fondo può detenere.',
};

export const fundMessages = { 'en-US': enUS, 'it-IT': itIT };
