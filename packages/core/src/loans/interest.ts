/*
 * Consumer-loan interest (DESIGN.md §9, issue 14; Testo Unico Bancario art. 121–126): simple interest at
 * the nominal annual rate (TAN) on the outstanding principal, for the days borrowed only, a year of 365
 * days. Rates are basis points (1200 = 12.00%), amounts minor units. Each day's accrual is the growth of the
 * interest owed to date rounded down to the minor unit, so after d days the investor owes exactly
 * ⌊principal × TAN × d / 365⌋ — never a cent more than the rate gives, however the days are booked.
 */

const basisPointsPerUnit = 10_000n;
const daysPerYear = 365n;

function checkTerms(principalMinor: bigint, rateBasisPoints: number, days: number): void {
  if (principalMinor < 0n) throw new RangeError('the principal cannot be negative');
  if (!Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0)
    throw new RangeError('a rate is whole basis points ≥ 0');
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError('days are whole and ≥ 0');
}

/** The interest owed after `days` days on a principal outstanding all along, rounded down to the minor unit. */
export function interestToDateMinor(principalMinor: bigint, rateBasisPoints: number, days: number): bigint {
  checkTerms(principalMinor, rateBasisPoints, days);
  return (principalMinor * BigInt(rateBasisPoints) * BigInt(days)) / (basisPointsPerUnit * daysPerYear);
}

/** What the daily job books for day `day` (1 = the first day borrowed): the owed-to-date's growth that day. */
export function dailyAccrualMinor(principalMinor: bigint, rateBasisPoints: number, day: number): bigint {
  if (!Number.isSafeInteger(day) || day < 1) throw new RangeError('loan days count from 1');
  return (
    interestToDateMinor(principalMinor, rateBasisPoints, day) -
    interestToDateMinor(principalMinor, rateBasisPoints, day - 1)
  );
}
