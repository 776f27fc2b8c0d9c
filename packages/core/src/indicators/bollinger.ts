import { checkPeriod, type Series, windowMean } from './series';

export interface BollingerBands {
  middle: Series;
  upper: Series;
  lower: Series;
}

/**
 * Bollinger bands: the middle line is the SMA of `period` closes, the bands `width` standard deviations
 * either side. The deviation is of the population (divided by `period`, not period − 1), as Bollinger
 * defines it: the window is the whole population being described, not a sample of a larger one.
 */
export function boll(closes: readonly number[], period = 20, width = 2): BollingerBands {
  checkPeriod('BOLL period', period);
  const bands: BollingerBands = { middle: [], upper: [], lower: [] };
  for (let i = 0; i < closes.length; i++) {
    if (i < period - 1) {
      bands.middle.push(null);
      bands.upper.push(null);
      bands.lower.push(null);
      continue;
    }
    const mean = windowMean(closes, i, period);
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += (closes[j]! - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    bands.middle.push(mean);
    bands.upper.push(mean + width * deviation);
    bands.lower.push(mean - width * deviation);
  }
  return bands;
}
