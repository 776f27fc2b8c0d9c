import { checkPeriod, type Series } from './series';

/**
 * Wilder's RSI (14): the first average gain and loss are the plain means of the first `period` changes,
 * later ones Wilder-smoothed (avg = ((period − 1)·avg + change) / period). Defined from index `period`,
 * the first bar with `period` changes behind it.
 *
 * Only gains: 100. Only losses: 0. No change at all over the averaging: 50, neither side stronger (some
 * implementations say 100 here, which would show a flat market as overbought).
 */
export function rsi(closes: readonly number[], period = 14): Series {
  checkPeriod('RSI period', period);
  const out: Series = new Array<number | null>(closes.length).fill(null);
  if (closes.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const change = closes[i]! - closes[i - 1]!;
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  out[period] = strength(gain, loss);
  for (let i = period + 1; i < closes.length; i++) {
    const change = closes[i]! - closes[i - 1]!;
    gain = ((period - 1) * gain + Math.max(change, 0)) / period;
    loss = ((period - 1) * loss + Math.max(-change, 0)) / period;
    out[i] = strength(gain, loss);
  }
  return out;
}

function strength(gain: number, loss: number): number {
  if (loss === 0) return gain === 0 ? 50 : 100;
  // 100 · gain / (gain + loss) is 100 − 100 / (1 + gain / loss) without the division by a tiny loss. With a
  // loss that is a rounding residue next to the gain, the quotient can come out one ulp above 100: a reader
  // would see an impossible 100.00000000000001, so it is held to the scale.
  return Math.min(100, (100 * gain) / (gain + loss));
}
