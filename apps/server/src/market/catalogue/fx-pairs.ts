import type { Instrument } from '../instrument';
import { eurUsdLoadings } from './factor-loadings';

/**
 * EUR/USD, quoted as dollars per euro to 5 decimals (a pip is 0.0001, its tenth the tick) around the clock
 * on weekdays. It values dollar balances in euros (platform/fx.ts) as well as being shown.
 */
export const eurUsd: Instrument = {
  symbol: 'EURUSD.FX',
  name: 'Euro / US Dollar',
  kind: 'fx',
  isin: null,
  country: null,
  sector: null,
  currency: 'USD',
  baseAsset: 'EUR',
  calendar: 'FX',
  priceScale: 5,
  tickSize: 1n,
  // Amounts of euros in cents.
  quantityScale: 2,
  lotSize: 1n,
  anchorPrice: 117_000n,
  volatility: 0.07,
  drift: 0,
  factors: eurUsdLoadings,
  // About €100bn a day in cents: a fraction of the real interbank market, enough for a deep book.
  averageDailyVolume: 10_000_000_000_000n,
  listed: true,
};
