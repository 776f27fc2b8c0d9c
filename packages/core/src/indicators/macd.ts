import { averageDefined, ema } from './moving-average';
import type { Series } from './series';

export interface Macd {
  /** Fast EMA − slow EMA, from index slow − 1. */
  dif: Series;
  /** The signal line: EMA of DIF over `signal` values, from index slow + signal − 2. */
  dea: Series;
  /** DIF − DEA. */
  histogram: Series;
}

/**
 * MACD (12, 26, 9) with EMAs seeded by their SMA.
 *
 * The histogram is DIF − DEA (×1), as Appel defined it and as European and US platforms draw it, so a
 * bar's height is the gap between the two lines it sits under and reads on their axis. Chinese terminals
 * draw 2 × (DIF − DEA) only to make the bars stand out; the factor carries no information.
 */
export function macd(closes: readonly number[], fast = 12, slow = 26, signal = 9): Macd {
  if (fast >= slow) throw new RangeError(`MACD fast period ${fast} must be shorter than slow ${slow}`);
  const fastLine = ema(closes, fast);
  const slowLine = ema(closes, slow);
  const dif: Series = closes.map((_, i) => {
    const f = fastLine[i];
    const s = slowLine[i];
    return f == null || s == null ? null : f - s;
  });
  const dea = averageDefined(dif, signal, ema);
  const histogram: Series = dif.map((d, i) => {
    const e = dea[i];
    return d == null || e == null ? null : d - e;
  });
  return { dif, dea, histogram };
}
