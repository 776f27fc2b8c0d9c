/*
 * When a savings plan (PAC) buys (issue 20, decision 054). Dates are civil day numbers (days since
 * 1970-01-01 of the local date in Europe/Rome), so the rules need no clock and no zone.
 *
 * - weekly: the start date and every 7 days after it;
 * - twiceMonthly: two days a month, the start's day of the month and the day 15 days from it in the same
 *   month (the 3rd and the 18th, the 20th and the 5th), each held to the month's last day;
 * - monthly: the start's day of the month every month, held to the month's last day (the 31st is the 30th
 *   in April and the 28th in February).
 * A scheduled date that does not trade is bought on the next trading day (nextTradingDay).
 */

export const planFrequencies = ['weekly', 'twiceMonthly', 'monthly'] as const;
export type PlanFrequency = (typeof planFrequencies)[number];

interface Ymd {
  year: number;
  month: number; // 1–12
  day: number; // 1–31
}

const msPerDay = 86_400_000;

function ymdOf(dayNumber: number): Ymd {
  const d = new Date(dayNumber * msPerDay);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function dayNumberOf(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / msPerDay);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The days of the month a plan buys on in `year`/`month`, ascending. */
function monthDays(frequency: 'monthly' | 'twiceMonthly', startDay: number, year: number, month: number) {
  const anchor = ymdOf(startDay).day;
  const last = daysInMonth(year, month);
  const days =
    frequency === 'monthly' ? [anchor] : anchor <= 15 ? [anchor, anchor + 15] : [anchor - 15, anchor];
  return [...new Set(days.map((d) => Math.min(d, last)))].sort((a, b) => a - b);
}

/**
 * The first scheduled date of a plan strictly after `afterDay` (and never before its start): the date the
 * next execution is for. `afterDay` below the start answers the start itself.
 */
export function nextScheduledDay(frequency: PlanFrequency, startDay: number, afterDay: number): number {
  if (afterDay < startDay) return startDay;
  if (frequency === 'weekly') return startDay + (Math.floor((afterDay - startDay) / 7) + 1) * 7;
  let { year, month } = ymdOf(afterDay);
  // Two months always hold the next date: this month's days after afterDay, or next month's first.
  for (let i = 0; i < 3; i++) {
    for (const d of monthDays(frequency, startDay, year, month)) {
      const day = dayNumberOf(year, month, d);
      if (day > afterDay && day >= startDay) return day;
    }
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  throw new Error('nextScheduledDay: no date within three months');
}

/** The scheduled dates of a plan in [startDay, toDay], oldest first. */
export function scheduledDays(frequency: PlanFrequency, startDay: number, toDay: number): number[] {
  const days: number[] = [];
  for (let d = startDay; d <= toDay; d = nextScheduledDay(frequency, startDay, d)) days.push(d);
  return days;
}

/**
 * The first trading day on or after `day`. Markets never close for more than a couple of weeks in a row;
 * a calendar that trades on none of the next 31 days is a bug in the caller.
 */
export function nextTradingDay(day: number, trades: (day: number) => boolean): number {
  for (let d = day; d < day + 31; d++) if (trades(d)) return d;
  throw new Error(`nextTradingDay: no trading day within 31 days of ${day}`);
}
