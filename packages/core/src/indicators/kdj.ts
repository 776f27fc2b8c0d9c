import { checkPeriod, type Series } from './series';

export interface PriceBars {
  high: readonly number[];
  low: readonly number[];
  close: readonly number[];
}

export interface Kdj {
  /** Raw stochastic: where the close sits in the range of the last `period` bars, 0–100. */
  rsv: Series;
  k: Series;
  d: Series;
  /** 3K − 2D: may leave 0–100, which is what makes it the fast line. */
  j: Series;
}

/** K and D start from this value before the first bar: the middle of the 0–100 range. */
export const kdjStart = 50;

/**
 * KDJ (9, 3, 3): RSV over `period` bars; K = ((m − 1)·K₋₁ + RSV) / m with m = `kSmoothing`; D the same
 * smoothing of K with `dSmoothing`; both start from 50; J = 3K − 2D. All four are defined from index
 * period − 1.
 *
 * This differs from the Western slow stochastic, whose %D is a simple 3-bar average of %K: the KDJ's K and D
 * are running (Wilder-style) averages with memory of every earlier bar. Its RSV is the Western %K.
 * A window whose high equals its low has no range to place the close in: RSV is then 50, the middle, so a
 * flat market shows K = D = J = 50 instead of a division by zero.
 */
export function kdj(bars: PriceBars, period = 9, kSmoothing = 3, dSmoothing = 3): Kdj {
  checkPeriod('KDJ period', period);
  checkPeriod('KDJ K smoothing', kSmoothing);
  checkPeriod('KDJ D smoothing', dSmoothing);
  const { high, low, close } = bars;
  if (high.length !== close.length || low.length !== close.length) {
    throw new RangeError('KDJ needs as many highs and lows as closes');
  }
  const out: Kdj = { rsv: [], k: [], d: [], j: [] };
  let k = kdjStart;
  let d = kdjStart;
  for (let i = 0; i < close.length; i++) {
    if (i < period - 1) {
      out.rsv.push(null);
      out.k.push(null);
      out.d.push(null);
      out.j.push(null);
      continue;
    }
    let highest = high[i]!;
    let lowest = low[i]!;
    for (let w = i - period + 1; w < i; w++) {
      highest = Math.max(highest, high[w]!);
      lowest = Math.min(lowest, low[w]!);
    }
    const range = highest - lowest;
    const rsv = range > 0 ? ((close[i]! - lowest) / range) * 100 : kdjStart;
    k = ((kSmoothing - 1) * k + rsv) / kSmoothing;
    d = ((dSmoothing - 1) * d + k) / dSmoothing;
    out.rsv.push(rsv);
    out.k.push(k);
    out.d.push(d);
    out.j.push(3 * k - 2 * d);
  }
  return out;
}
