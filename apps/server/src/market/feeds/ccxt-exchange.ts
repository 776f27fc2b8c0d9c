import type { Exchange } from 'ccxt';

/** The part of a ccxt exchange the feed uses: public market data only, never an account. */
export type CcxtExchange = Pick<
  Exchange,
  | 'id'
  | 'has'
  | 'timeframes'
  | 'features'
  | 'precisionMode'
  | 'markets'
  | 'market'
  | 'loadMarkets'
  | 'fetchOHLCV'
  | 'fetchTicker'
  | 'fetchTickers'
  | 'fetchOrderBook'
  | 'fetchTrades'
  | 'close'
>;

/** How long one request may take before it counts as the exchange being unreachable. */
const requestTimeoutMs = 8_000;

/**
 * Options per exchange: Binance would otherwise load its futures markets too (two more requests at start,
 * for markets we never show).
 */
const exchangeOptions: Record<string, Record<string, unknown>> = {
  binance: { defaultType: 'spot', fetchMarkets: { types: ['spot'] } },
};

/**
 * A ccxt exchange with its rate limiter on (ccxt spaces requests by the exchange's published limits). ccxt is
 * imported here, on first use, so a server on the simulator never loads it (it costs about a second and
 * tens of megabytes). `overrides` go to the exchange's constructor as they are (tests give `fetchImplementation`).
 */
export async function createCcxtExchange(exchangeId: string, overrides: object = {}): Promise<CcxtExchange> {
  const { default: ccxt } = await import('ccxt');
  if (!ccxt.exchanges.includes(exchangeId)) {
    throw new Error(`MARKET_FEED: ccxt has no exchange '${exchangeId}' (ccxt ${ccxt.version})`);
  }
  // The exchanges are classes keyed by id on ccxt's default export.
  const classes = ccxt as unknown as Record<string, new (config: object) => Exchange>;
  const ExchangeClass = classes[exchangeId];
  if (!ExchangeClass) throw new Error(`MARKET_FEED: ccxt has no exchange '${exchangeId}'`);
  return new ExchangeClass({
    enableRateLimit: true,
    timeout: requestTimeoutMs,
    options: exchangeOptions[exchangeId] ?? { defaultType: 'spot' },
    ...overrides,
  });
}
