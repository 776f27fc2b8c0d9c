import type { CandleInterval } from './enums';

/**
 * The longest span of time one candles request may cover, in days, per interval: about a thousand candles
 * and the weekends and holidays between them, so a request cannot ask the feed for years of minutes. The
 * server refuses a longer range naming this rule; without `from` it reads back this far.
 */
export const candleRangeDaysMax: Record<CandleInterval, number> = {
  '1m': 7,
  '5m': 30,
  '15m': 90,
  '30m': 180,
  '1h': 365,
  '4h': 730,
  '1d': 3650,
  '1w': 7300,
};

/** A request's candles when it gives no limit, and the most it may ask for. */
export const candleLimitDefault = 300;
export const candleLimitMax = 1000;
