import type { RoundTrip } from './backtest';

/*
 * The figures a managed product's page shows (issue 13: "measured, never claimed"), each computed from a
 * series of period returns and the round trips behind it, for a stated period. Nothing here can be set.
 */

export interface PerformanceFigures {
  periods: number;
  /** The compound return over the whole series. */
  totalReturn: number;
  /** Compounded to a year of `periodsPerYear` periods; null for less than one period. */
  annualisedReturn: number | null;
  /** The standard deviation of period returns, scaled by √periodsPerYear; null below two periods. */
  annualisedVolatility: number | null;
  /** The largest fall from a running peak of the compounded value, as a positive fraction. */
  maxDrawdown: number;
  /** Winning round trips ÷ closed round trips; null when none closed (it is not 0% or 100%). */
  hitRate: number | null;
  roundTrips: number;
}

export function performanceFigures(
  periodReturns: readonly number[],
  roundTrips: readonly RoundTrip[],
  periodsPerYear: number,
): PerformanceFigures {
  const periods = periodReturns.length;
  let value = 1;
  let peak = 1;
  let maxDrawdown = 0;
  for (const r of periodReturns) {
    value *= 1 + r;
    peak = Math.max(peak, value);
    maxDrawdown = Math.max(maxDrawdown, 1 - value / peak);
  }
  const mean = periods > 0 ? periodReturns.reduce((a, b) => a + b, 0) / periods : 0;
  const variance =
    periods > 1 ? periodReturns.reduce((a, r) => a + (r - mean) ** 2, 0) / (periods - 1) : null;
  const wins = roundTrips.filter((t) => t.returnNet > 0).length;
  return {
    periods,
    totalReturn: value - 1,
    annualisedReturn: periods > 0 ? value ** (periodsPerYear / periods) - 1 : null,
    annualisedVolatility: variance === null ? null : Math.sqrt(variance * periodsPerYear),
    maxDrawdown,
    hitRate: roundTrips.length > 0 ? wins / roundTrips.length : null,
    roundTrips: roundTrips.length,
  };
}

/**
 * The PRIIPs summary risk indicator's market-risk class (Commission Delegated Regulation 2017/653, Annex II)
 * from the annualised volatility taken as the VaR-equivalent volatility; the books hold listed instruments
 * directly, so the credit-risk class is 1 and the SRI is the market-risk class.
 */
export function riskClass(annualisedVolatility: number): 1 | 2 | 3 | 4 | 5 | 6 | 7 {
  const bounds = [0.005, 0.05, 0.12, 0.2, 0.3, 0.8] as const;
  const index = bounds.findIndex((upper) => annualisedVolatility < upper);
  return (index < 0 ? 7 : index + 1) as 1 | 2 | 3 | 4 | 5 | 6 | 7;
}

/**
 * What an amount in minor units would have become over a series of period returns, rounded down to the
 * minor unit (a simulation never shows a cent more than the replay earned).
 */
export function replayAmount(amountMinor: bigint, periodReturns: readonly number[]): bigint {
  const growth = periodReturns.reduce((v, r) => v * (1 + r), 1);
  // Nine decimals of the growth factor are plenty for any amount a retail investor types.
  const scaled = BigInt(Math.floor(growth * 1e9));
  return (amountMinor * scaled) / 1_000_000_000n;
}
