import { candleLimitDefault, candleRangeDaysMax } from '@piazza/contract/candle-ranges';
import type { CandleInterval } from '@piazza/contract/enums';
import { Refusal } from '../../platform/refusal';

const dayMs = 86_400_000;

export interface CandleRequest {
  interval: CandleInterval;
  from?: number;
  to?: number;
  limit?: number;
}

/** Open times in [fromMs, toMs), the newest `limit` of them. */
export interface CandleRange {
  fromMs: number;
  toMs: number;
  limit: number;
}

/**
 * The range a candles request asks for: up to now when it gives no `to` (the forming candle included), back
 * as far as the interval allows when it gives no `from`. Refuses a range that ends before it starts, and one
 * longer than the interval allows (candleRangeDaysMax), naming the rule.
 */
export function candleRange(req: CandleRequest, nowMs: number): CandleRange {
  const spanMaxMs = candleRangeDaysMax[req.interval] * dayMs;
  const toMs = req.to ?? nowMs + 1;
  const fromMs = req.from ?? Math.max(0, toMs - spanMaxMs);
  if (fromMs >= toMs) throw new Refusal('market.range.order');
  if (toMs - fromMs > spanMaxMs) {
    throw new Refusal('market.range.tooLong', [req.interval, candleRangeDaysMax[req.interval]]);
  }
  return { fromMs, toMs, limit: req.limit ?? candleLimitDefault };
}
