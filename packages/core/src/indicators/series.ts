/*
 * Indicator values are display figures, not money, so they are JS numbers. Every indicator returns arrays
 * aligned with its input: element i belongs to candle i, and is null until enough candles exist for it.
 */

/** One value per input element; null where the indicator is not defined yet. */
export type Series = (number | null)[];

/** Refuses a period that is not a positive integer, which would silently give an empty or NaN series. */
export function checkPeriod(name: string, period: number): number {
  if (!Number.isInteger(period) || period < 1) {
    throw new RangeError(`${name} must be a positive integer, not ${period}`);
  }
  return period;
}

/**
 * The mean of values[end − period + 1 … end]. Summed as differences from the window's first value, so a
 * flat window gives exactly that value, and large prices with small moves lose no digits to the sum.
 */
export function windowMean(values: readonly number[], end: number, period: number): number {
  const start = end - period + 1;
  const base = values[start]!;
  let sum = 0;
  for (let i = start + 1; i <= end; i++) sum += values[i]! - base;
  return base + sum / period;
}
