/** Refusals of the market calls and the watchlist. `{0}` is a placeholder. */
const enUS = {
  'market.symbol.unknown': 'Unknown symbol {0}',
  'market.symbol.notStock': '{0} is a crypto pair, not a share, index or exchange rate',
  'market.symbol.notCoin': '{0} is not a crypto pair',
  'market.interval': '{0} must be one of 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w',
  'market.time': '{0} must be a time in epoch milliseconds',
  'market.limit': '{0} must be a whole number from 1 to 1000',
  'market.range.order': 'from must be earlier than to',
  'market.range.tooLong': 'A range of {0} candles may span at most {1} days',
  'market.tradesLimit': '{0} must be a whole number from 1 to 100',
  'market.depth': '{0} must be a whole number from 1 to 20',
  'market.country.format': '{0} must be a two-letter country code',
  'market.country.unknown': 'No shares are listed for country {0}',
  'market.sort': '{0} must be change, volume, name or price',
  'market.order': '{0} must be asc or desc',
  'market.query': '{0} must be 1 to 40 characters long',
  'market.unavailable': 'Market data for {0} is unavailable right now, please try again shortly',
  'watchlist.full': 'Your watchlist is full: it holds at most {0} instruments',
} as const;

const itIT: Record<keyof typeof enUS, string> = {
  'market.symbol.unknown': 'Simbolo sconosciuto: {0}',
  'market.symbol.notStock': '{0} è una coppia crypto, non un titolo, un indice o un cambio',
  'market.symbol.notCoin': '{0} non è una coppia crypto',
  'market.interval': '{0} deve essere uno tra 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w',
  'market.time': '{0} deve essere un istante in millisecondi epoch',
  'market.limit': '{0} deve essere un numero intero da 1 a 1000',
  'market.range.order': 'from deve precedere to',
  'market.range.tooLong': 'Un intervallo di candele {0} può coprire al massimo {1} giorni',
  'market.tradesLimit': '{0} deve essere un numero intero da 1 a 100',
  'market.depth': '{0} deve essere un numero intero da 1 a 20',
  'market.country.format': '{0} deve essere un codice paese di due lettere',
  'market.country.unknown': 'Nessun titolo quotato per il paese {0}',
  'market.sort': '{0} deve essere change, volume, name o price',
  'market.order': '{0} deve essere asc o desc',
  'market.query': '{0} deve contenere da 1 a 40 caratteri',
  'market.unavailable': 'I dati di mercato di {0} non sono disponibili al momento, riprova tra poco',
  'watchlist.full': 'La tua lista dei preferiti è piena: contiene al massimo {0} strumenti',
};

export const marketMessages = { 'en-US': enUS, 'it-IT': itIT };
