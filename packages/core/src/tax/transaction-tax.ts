/*
 * The Italian financial transaction tax (Tobin tax) on shares of Italian issuers: the rate on the day's net
 * purchase balance of each instrument (purchases less sales that day, never below zero), so an intraday round
 * trip that nets to zero pays nothing. Issuers below €500M of capitalisation are exempt (the caller checks
 * the operator's list). Amounts in minor units, rate in basis points, rounded half up.
 */
export function transactionTaxMinor(purchasesMinor: bigint, salesMinor: bigint, basisPoints: number): bigint {
  const net = purchasesMinor - salesMinor;
  if (net <= 0n) return 0n;
  return (net * BigInt(basisPoints) * 2n + 10_000n) / 20_000n;
}

/**
 * Stamp duty on what is held (imposta di bollo), accrued day by day on each end-of-day value at the yearly
 * rate ÷ the days of the year, charged at the period's end: the sum of the values × rate ÷ days in the year,
 * rounded half up once for the period.
 */
export function stampDutyMinor(
  endOfDayValuesMinor: readonly bigint[],
  basisPoints: number,
  daysInYear: number,
): bigint {
  if (daysInYear !== 365 && daysInYear !== 366) throw new RangeError('a year has 365 or 366 days');
  const sum = endOfDayValuesMinor.reduce((s, v) => s + (v > 0n ? v : 0n), 0n);
  const denominator = 10_000n * BigInt(daysInYear);
  return (sum * BigInt(basisPoints) * 2n + denominator) / (denominator * 2n);
}
