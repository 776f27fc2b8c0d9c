import type { CandleWire } from '@piazza/contract/market';
import { type KlineBars, toBars } from './kline-bars';

/**
 * The candles of one symbol and interval gathered so far: the latest page, older pages loaded as the user
 * scrolls back, and live candles. A time seen twice keeps its latest copy, so a refetched page corrects a
 * live candle whose last update the socket skipped.
 */
export class CandleHistory {
  private readonly byTime = new Map<number, CandleWire>();
  /** No older candles exist: the last request for older ones came back empty. */
  exhausted = false;

  get size(): number {
    return this.byTime.size;
  }

  /** Open time of the oldest candle, or undefined when there is none. */
  get oldest(): number | undefined {
    let oldest: number | undefined;
    for (const time of this.byTime.keys()) if (oldest === undefined || time < oldest) oldest = time;
    return oldest;
  }

  /** Adds candles; returns how many are older than every candle held before (0 when there were none). */
  merge(candles: readonly CandleWire[]): number {
    const before = this.byTime.size === 0 ? undefined : this.oldest;
    let older = 0;
    for (const candle of candles) {
      if (before !== undefined && candle.time < before && !this.byTime.has(candle.time)) older++;
      this.byTime.set(candle.time, candle);
    }
    return older;
  }

  bars(): KlineBars {
    return toBars([...this.byTime.values()]);
  }
}
