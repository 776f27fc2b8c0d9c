/*
 * The periods funds detail filters by. A period is a rolling window ending now, so "last 7 days" at 10:00
 * includes 10:00 seven days ago: no calendar arithmetic, no time-zone question, and the same window whatever
 * the device's zone.
 */

export const billPeriods = ['7d', '30d', '90d', '365d', 'all'] as const;
export type BillPeriod = (typeof billPeriods)[number];

const dayMs = 86_400_000;
const days: Record<Exclude<BillPeriod, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 };

/** The first epoch millisecond a period covers at `nowMs`, or undefined for all time. */
export function periodStartMs(period: BillPeriod, nowMs: number): number | undefined {
  return period === 'all' ? undefined : nowMs - days[period] * dayMs;
}
