/** Refusals of the tax calls (calls/taxes.ts). */
const enUS = {
  'tax.quantity': 'Enter the quantity as a number above zero.',
  'tax.side': 'Say whether the order buys or sells.',
  'tax.year': 'Enter a year from 2013 to 2100.',
  'tax.regime': 'Choose the regime: amministrato or dichiarativo.',
  'tax.regimeSame': 'The investor is already under the regime {0}.',
  'tax.notHeld': 'You hold only {0} of this: the estimate is for what you can sell.',
  'tax.unknownSymbol': 'No instrument {0} is listed.',
  'tax.notItalianShare': '{0} is not an Italian share: the Tobin tax does not apply to it.',
  'tax.exemptExists': '{0} is already on the exempt list of {1}.',
  'tax.exemptMissing': '{0} is not on the exempt list of {1}.',
  'tax.userNotFound': 'No investor has this number.',
};

const itIT: typeof enUS = {
  'tax.quantity': 'Inserisci la quantità, un numero maggiore di zero.',
  'tax.side': "Indica se l'ordine acquista o vende.",
  'tax.year': 'Inserisci un anno dal 2013 al 2100.',
  'tax.regime': 'Scegli il regime: amministrato o dichiarativo.',
  'tax.regimeSame': "L'investitore è già in regime {0}.",
  'tax.notHeld': 'Possiedi solo {0} di questo titolo: la stima vale per quanto puoi vendere.',
  'tax.unknownSymbol': 'Nessuno strumento {0} è quotato.',
  'tax.notItalianShare': '{0} non è un’azione italiana: la Tobin tax non si applica.',
  'tax.exemptExists': '{0} è già nell’elenco degli esenti del {1}.',
  'tax.exemptMissing': '{0} non è nell’elenco degli esenti del {1}.',
  'tax.userNotFound': 'Nessun investitore ha questo numero.',
};

export const taxesMessages = { 'en-US': enUS, 'it-IT': itIT };
