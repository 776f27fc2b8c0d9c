/** Refusals of the ledger and the balances pages. `{0}` is a placeholder. */
const enUS = {
  'ledger.tooFewPostings': 'A journal entry needs at least two postings',
  'ledger.zeroAmount': 'A posting in {0} cannot be zero',
  'ledger.unbalanced': 'The postings of a journal entry must sum to zero in {0}',
  'ledger.unknownAsset': 'Unknown asset {0}',
} as const;

const itIT: Record<keyof typeof enUS, string> = {
  'ledger.tooFewPostings': 'Una scrittura contabile richiede almeno due movimenti',
  'ledger.zeroAmount': 'Un movimento in {0} non può essere pari a zero',
  'ledger.unbalanced': 'I movimenti di una scrittura contabile devono sommare a zero in {0}',
  'ledger.unknownAsset': 'Attività sconosciuta: {0}',
};

export const ledgerMessages = { 'en-US': enUS, 'it-IT': itIT };
