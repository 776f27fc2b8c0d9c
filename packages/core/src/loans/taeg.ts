/*
 * The annual percentage rate of charge (TAEG in Italy) as Directive 2008/48/EC Annex I defines it: the
 * rate X at which the drawdowns and the repayments, each discounted by (1 + X)^(−t) with t in years from the
 * first drawdown, balance. Days are counted in years of 365 days. Cash flows here are in minor units.
 */

export interface CashFlow {
  /** Days after the first drawdown. */
  day: number;
  amountMinor: bigint;
}

/** Net present value of repayments minus drawdowns at a rate, in minor units as a float (a search value only). */
function balance(rate: number, drawdowns: readonly CashFlow[], repayments: readonly CashFlow[]): number {
  const pv = (flows: readonly CashFlow[]) =>
    flows.reduce((sum, f) => sum + Number(f.amountMinor) * (1 + rate) ** (-f.day / 365), 0);
  return pv(repayments) - pv(drawdowns);
}

/**
 * The exact TAEG as a fraction (0.1268 for 12.68%), found by bisection: the balance falls as the rate rises,
 * so the root is unique. Refuses flows that cannot cost anything (repaying less than was drawn).
 */
export function taegRate(drawdowns: readonly CashFlow[], repayments: readonly CashFlow[]): number {
  const sum = (flows: readonly CashFlow[]) => flows.reduce((s, f) => s + f.amountMinor, 0n);
  if (drawdowns.length === 0 || repayments.length === 0) throw new RangeError('a loan draws and repays');
  if (sum(repayments) < sum(drawdowns)) throw new RangeError('repayments below the drawdowns give no charge');
  let low = 0;
  let high = 1;
  while (balance(high, drawdowns, repayments) > 0) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (balance(mid, drawdowns, repayments) > 0) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/**
 * The TAEG as the SECCI shows it: in tenths of a percent, rounded as Annex I says (a following digit of 5
 * or more raises the preceding one). 0.12679 → 127, i.e. 12,7%.
 */
export function taegTenthsOfPercent(rate: number): number {
  // A hair of tolerance so a rate computed as 12.65% exactly is not read as 12.6499999….
  return Math.floor(rate * 1000 + 0.5 + 1e-9);
}
