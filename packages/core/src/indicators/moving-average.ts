import { checkPeriod, type Series, windowMean } from './series';

/** Simple moving average: the mean of the last `period` values, defined from index period − 1. */
export function sma(values: readonly number[], period: number): Series {
  checkPeriod('SMA period', period);
  return values.map((_, i) => (i < period - 1 ? null : windowMean(values, i, period)));
}

/**
 * Exponential moving average with weight 2 / (period + 1), seeded with the SMA of the first `period`
 * values, so it is defined from index period − 1 like the SMA. Seeding with the first value instead (as
 * some terminals do) shows a line from the first candle that depends on where the loaded history starts;
 * the SMA seed is the textbook form and the one the independent implementation uses.
 */
export function ema(values: readonly number[], period: number): Series {
  checkPeriod('EMA period', period);
  const weight = 2 / (period + 1);
  const out: Series = new Array<number | null>(values.length).fill(null);
  if (values.length < period) return out;
  let previous = windowMean(values, period - 1, period);
  out[period - 1] = previous;
  for (let i = period; i < values.length; i++) {
    previous += (values[i]! - previous) * weight;
    out[i] = previous;
  }
  return out;
}

/**
 * An average of a series that starts with nulls (an indicator of an indicator, as MACD's signal line):
 * `average` runs over the defined tail, and the leading nulls are kept so the result stays aligned.
 */
export function averageDefined(
  series: Series,
  period: number,
  average: (values: readonly number[], period: number) => Series,
): Series {
  const first = series.findIndex((v) => v !== null);
  if (first < 0) return series.map(() => null);
  const tail = series.slice(first).map((v) => {
    // A gap after the first value would shift every later value: refuse it rather than draw a wrong line.
    if (v === null) throw new RangeError('series has a gap after its first defined value');
    return v;
  });
  return [...new Array<null>(first).fill(null), ...average(tail, period)];
}
