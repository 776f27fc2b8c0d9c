/** Refusals of the price alert calls (calls/alerts.ts). */
const enUS = {
  'alert.symbol': 'Choose an instrument for the alert.',
  'alert.unknownSymbol': '{0} is not an instrument of the market.',
  'alert.kind': 'Choose when to be told: above a price, below a price, or a move up or down in a day.',
  'alert.price': 'Enter the price, above zero.',
  'alert.priceTick': 'Enter the price in steps of {0}.',
  'alert.percent': 'Enter the move in percent, from 0.01 to 100.',
  'alert.alreadyAbove': 'The price is already at or above {0}: choose a higher one.',
  'alert.alreadyBelow': 'The price is already at or below {0}: choose a lower one.',
  'alert.tooMany': 'You have {0} alerts set, the most there may be: cancel one first.',
  'alert.notFound': 'Alert not found.',
  'alert.notArmed': 'This alert has already fired or was cancelled.',
  'alert.market': 'The price of {0} is not available now: try again shortly.',
};

const itIT: typeof enUS = {
  'alert.symbol': 'Scegli uno strumento per l’avviso.',
  'alert.unknownSymbol': '{0} non è uno strumento del mercato.',
  'alert.kind':
    'Scegli quando essere avvisato: sopra un prezzo, sotto un prezzo, o un rialzo o ribasso in un giorno.',
  'alert.price': 'Inserisci il prezzo, maggiore di zero.',
  'alert.priceTick': 'Inserisci il prezzo a passi di {0}.',
  'alert.percent': 'Inserisci la variazione in percentuale, da 0,01 a 100.',
  'alert.alreadyAbove': 'Il prezzo è già pari o superiore a {0}: scegline uno più alto.',
  'alert.alreadyBelow': 'Il prezzo è già pari o inferiore a {0}: scegline uno più basso.',
  'alert.tooMany': 'Hai già {0} avvisi attivi, il massimo: annullane uno prima.',
  'alert.notFound': 'Avviso non trovato.',
  'alert.notArmed': 'Questo avviso è già scattato o è stato annullato.',
  'alert.market': 'Il prezzo di {0} non è disponibile ora: riprova tra poco.',
};

export const alertsMessages = { 'en-US': enUS, 'it-IT': itIT };
