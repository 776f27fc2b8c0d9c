import type { CandleInterval } from '@piazza/contract/enums';
import { type Candle, intervalMs } from '../feed';

/** 1970-01-05, the first Monday after the epoch: weekly candles open on Mondays at 00:00 UTC. */
const mondayOriginMs = 4 * 86_400_000;

/** The open time of the candle of `interval` that contains `timeMs`. */
export function bucketStart(timeMs: number, interval: CandleInterval): number {
  const step = intervalMs[interval];
  const origin = interval === '1w' ? mondayOriginMs : 0;
  return origin + Math.floor((timeMs - origin) / step) * step;
}

/** The open time of the first candle of `interval` that opens at or after `timeMs`. */
export function bucketStartAtOrAfter(timeMs: number, interval: CandleInterval): number {
  const start = bucketStart(timeMs, interval);
  return start === timeMs ? start : start + intervalMs[interval];
}

/**
 * Candles of a finer interval (oldest first) merged into candles of `interval`: first open, highest high,
 * lowest low, last close, summed volume. A bucket with no source candle is left out, as the exchange does.
 */
export function aggregateCandles(source: readonly Candle[], interval: CandleInterval): Candle[] {
  const merged: Candle[] = [];
  for (const c of source) {
    const time = bucketStart(c.time, interval);
    const current = merged.at(-1);
    if (current?.time === time) {
      if (c.high > current.high) current.high = c.high;
      if (c.low < current.low) current.low = c.low;
      current.close = c.close;
      current.volume += c.volume;
    } else {
      merged.push({ ...c, time });
    }
  }
  return merged;
}
