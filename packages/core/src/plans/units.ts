/*
 * How many units a plan's amount buys (issue 20, decision 054): the most units, in steps of one minor unit
 * of `quantityScale`, whose cost — value at the price plus the order's fee, as the caller's schedule counts
 * it — stays within the budget. Whole units (`quantityScale` the instrument's own, e.g. 0 for shares) leave
 * the rest as cash; a fractional plan counts in finer steps (6 decimals) and leaves only what no step buys.
 */

export interface UnitScales {
  priceScale: number;
  quantityScale: number;
  currencyScale: number;
}

/**
 * The largest quantity q ≥ 0 with cost(q) ≤ budget, where cost grows with q (a value plus a fee that never
 * shrinks as more is bought). The value alone bounds q from above: price × q / 10^(price + quantity −
 * currency) ≤ budget. Answers 0 when not even one step fits.
 */
export function unitsWithin(
  budgetMinor: bigint,
  priceMinor: bigint,
  scales: UnitScales,
  cost: (quantity: bigint) => bigint,
): bigint {
  if (priceMinor <= 0n) throw new RangeError('unitsWithin: a price is above zero');
  if (budgetMinor <= 0n) return 0n;
  const shift = scales.priceScale + scales.quantityScale - scales.currencyScale;
  // Value in currency minor units = price × q / 10^shift, so q ≤ budget × 10^shift / price (+1 for rounding).
  const upper =
    shift >= 0
      ? (budgetMinor * 10n ** BigInt(shift)) / priceMinor + 1n
      : budgetMinor / (priceMinor * 10n ** BigInt(-shift)) + 1n;
  let lo = 0n;
  let hi = upper;
  // Invariant: cost(lo) ≤ budget (or lo = 0), cost(hi + 1) > budget is not known; search the last fit.
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (cost(mid) <= budgetMinor) lo = mid;
    else hi = mid - 1n;
  }
  return lo;
}
