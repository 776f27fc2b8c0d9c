/*
 * The average invested of the MiFID II costs report (decision 050): the mean, over the days of a period from
 * the first on which any money was in, of the money paid in less the money taken out by each day's end. Days
 * are day numbers (days since 1970-01-01 in the investor's calendar); amounts are minor units.
 */

export interface DatedFlow {
  day: number;
  amount: bigint;
}

/**
 * The mean end-of-day capital from `firstDay` (or the first day capital was above zero, if later) to `lastDay`,
 * rounded down; a day whose capital is below zero counts as zero. Flows before `firstDay` make the opening
 * capital. Null when no day of the period had money in. `flows` must be in day order.
 */
export function averageInvested(
  flows: readonly DatedFlow[],
  firstDay: number,
  lastDay: number,
): bigint | null {
  let capital = 0n;
  let i = 0;
  while (i < flows.length && (flows[i] as DatedFlow).day < firstDay) {
    capital += (flows[i] as DatedFlow).amount;
    i += 1;
  }
  let sum = 0n;
  let days = 0n;
  let started = capital > 0n;
  for (let d = firstDay; d <= lastDay; d++) {
    while (i < flows.length && (flows[i] as DatedFlow).day === d) {
      capital += (flows[i] as DatedFlow).amount;
      i += 1;
    }
    if (!started && capital > 0n) started = true;
    if (!started) continue;
    sum += capital > 0n ? capital : 0n;
    days += 1n;
  }
  return days === 0n ? null : sum / days;
}
