import type { Instrument } from '../instrument';

/*
 * Instruments for the simulator's tests, one of each shape the catalogue has: a liquid Milan share, a
 * thin one, a US share, an index, a crypto pair with a fine quantity scale, and EUR/USD.
 */

const base = {
  isin: null,
  sector: null,
  baseAsset: null,
  drift: 0.05,
  listed: true,
} as const;

export const eni: Instrument = {
  ...base,
  symbol: 'ENI.MI',
  name: 'Eni',
  kind: 'stock',
  isin: 'IT0003132476',
  country: 'IT',
  sector: 'Energy',
  currency: 'EUR',
  calendar: 'XMIL',
  priceScale: 3,
  tickSize: 2n,
  quantityScale: 0,
  lotSize: 1n,
  anchorPrice: 16_500n,
  volatility: 0.22,
  averageDailyVolume: 12_000_000n,
};

export const thinShare: Instrument = {
  ...eni,
  symbol: 'THIN.MI',
  name: 'Thin',
  isin: 'IT0000000001',
  priceScale: 4,
  tickSize: 5n,
  lotSize: 100n,
  anchorPrice: 12_345n,
  volatility: 0.45,
  averageDailyVolume: 40_000n,
};

export const apple: Instrument = {
  ...base,
  symbol: 'AAPL.US',
  name: 'Apple',
  kind: 'stock',
  country: 'US',
  currency: 'USD',
  calendar: 'XNYS',
  priceScale: 2,
  tickSize: 1n,
  quantityScale: 0,
  lotSize: 1n,
  anchorPrice: 27_000n,
  volatility: 0.28,
  averageDailyVolume: 50_000_000n,
};

export const ftseMib: Instrument = {
  ...base,
  symbol: 'FTSEMIB.IDX',
  name: 'FTSE MIB',
  kind: 'index',
  country: 'IT',
  currency: 'EUR',
  calendar: 'XMIL',
  priceScale: 2,
  tickSize: 1n,
  quantityScale: 0,
  lotSize: 1n,
  anchorPrice: 4_550_000n,
  volatility: 0.18,
  averageDailyVolume: 600_000_000n,
};

export const bitcoin: Instrument = {
  ...base,
  symbol: 'BTCUSDT',
  name: 'Bitcoin',
  kind: 'crypto',
  country: null,
  currency: 'USDT',
  baseAsset: 'BTC',
  calendar: 'CRYPTO',
  priceScale: 2,
  tickSize: 1n,
  quantityScale: 5,
  lotSize: 1n,
  anchorPrice: 9_500_000n,
  volatility: 0.55,
  drift: 0.2,
  averageDailyVolume: 2_000_000_000n,
};

export const eurUsd: Instrument = {
  ...base,
  symbol: 'EURUSD.FX',
  name: 'EUR/USD',
  kind: 'fx',
  country: null,
  currency: 'USD',
  calendar: 'FX',
  priceScale: 5,
  tickSize: 1n,
  quantityScale: 2,
  lotSize: 100n,
  anchorPrice: 117_500n,
  volatility: 0.07,
  drift: 0,
  averageDailyVolume: 100_000_000_000n,
};

export const fixtureInstruments: readonly Instrument[] = [eni, thinShare, apple, ftseMib, bitcoin, eurUsd];
