/** Refusals of the coin spot calls (calls/coin.ts); the order rules themselves answer with messages/trading.ts. */
const enUS = {
  'coin.pairRequired': 'Choose a pair to trade.',
  'coin.unknownPair': 'Unknown pair: {0}. Coins trade against USDT, e.g. BTCUSDT.',
  'coin.quantityFormat': 'The quantity must be a number of coins, e.g. 0.015.',
  'coin.quantityScale': 'The quantity of {0} has at most {1} decimals.',
} as const;

const itIT: Record<keyof typeof enUS, string> = {
  'coin.pairRequired': 'Scegli la coppia da negoziare.',
  'coin.unknownPair': 'Coppia sconosciuta: {0}. Le cripto si negoziano contro USDT, es. BTCUSDT.',
  'coin.quantityFormat': 'La quantità deve essere un numero di monete, es. 0,015.',
  'coin.quantityScale': 'La quantità di {0} ha al massimo {1} decimali.',
};

export const coinMessages = { 'en-US': enUS, 'it-IT': itIT };
