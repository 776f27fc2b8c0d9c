import type { DayPath } from './day-path';
import { Purpose, uniform } from './hash-random';
import { allocateLargestRemainder } from './largest-remainder';

/**
 * Inside one minute, second by second: the price goes from the minute's open to one extreme, then to the
 * other, then to its close (the close is reached at second 60, the next minute's open), in straight lines
 * rounded to ticks. Every price stays inside the minute's candle, and its high and low are touched. The
 * minute's volume is split over its seconds; a second with volume has one trade at that second's price.
 */
export interface MinuteTape {
  /** Price at the start of each second 0..59, and at 60 the minute's close. */
  readonly prices: Float64Array;
  /** Lots traded in each second 0..59, summing to the minute's volume. */
  readonly lots: Float64Array;
  /** The aggressor of each second's trade: true for a buyer. */
  readonly buys: Uint8Array;
}

export function buildMinuteTape(path: DayPath, minute: number, tick: number, stream: number): MinuteTape {
  const open = path.points[minute]!;
  const close = path.points[minute + 1]!;
  const high = path.high[minute]!;
  const low = path.low[minute]!;
  const slot = minute;

  // Two distinct seconds in 1..59 at which the extremes are touched.
  let first = 1 + Math.floor(uniform(stream, slot, Purpose.extremeTimes, 0) * 59);
  let second = 1 + Math.floor(uniform(stream, slot, Purpose.extremeTimes, 1) * 58);
  if (second >= first) second++;
  if (second < first) [first, second] = [second, first];
  // A minute that closes up more often dipped first; one that closes down more often rose first.
  const highChance = close > open ? 0.3 : close < open ? 0.7 : 0.5;
  const highFirst = uniform(stream, slot, Purpose.extremeTimes, 2) < highChance;
  const knots = [
    [0, open],
    [first, highFirst ? high : low],
    [second, highFirst ? low : high],
    [60, close],
  ] as const;

  const prices = new Float64Array(61);
  let k = 0;
  for (let s = 0; s <= 60; s++) {
    while (s > knots[k + 1]![0]) k++;
    const [t0, p0] = knots[k]!;
    const [t1, p1] = knots[k + 1]!;
    prices[s] = Math.round((p0 + ((p1 - p0) * (s - t0)) / (t1 - t0)) / tick) * tick;
  }

  const weights = new Float64Array(60);
  for (let s = 0; s < 60; s++) weights[s] = -Math.log(uniform(stream, slot * 60 + s, Purpose.secondVolume));
  const lots = allocateLargestRemainder(path.volumeLots[minute]!, weights);

  const buys = new Uint8Array(60);
  for (let s = 0; s < 60; s++) {
    const before = s > 0 ? prices[s - 1]! : open;
    const now = prices[s]!;
    buys[s] =
      now > before || (now === before && uniform(stream, slot * 60 + s, Purpose.tradeSide) < 0.5) ? 1 : 0;
  }
  return { prices, lots, buys };
}
