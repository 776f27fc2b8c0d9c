/*
 * Calendar dates as day numbers: days since 1970-01-01 in the proleptic Gregorian calendar, with no time
 * zone attached. A trading calendar says which local dates trade; day numbers make date arithmetic plain
 * integer arithmetic.
 */

const dayMs = 86_400_000;

/** The day number of a calendar date (month 1–12). */
export function dayOf(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / dayMs);
}

/** The day number of an ISO date 'YYYY-MM-DD'. */
export function dayOfIso(iso: string): number {
  const [year, month, day] = iso.split('-').map(Number);
  return dayOf(year!, month!, day!);
}

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

export function civilDate(dayNumber: number): CivilDate {
  const d = new Date(dayNumber * dayMs);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function isoOfDay(dayNumber: number): string {
  return new Date(dayNumber * dayMs).toISOString().slice(0, 10);
}

/** 0 for Monday … 6 for Sunday (ISO order), so weekends are 5 and 6. */
export function weekdayOf(dayNumber: number): number {
  // 1970-01-01 was a Thursday, weekday 3.
  return (((dayNumber + 3) % 7) + 7) % 7;
}

export function isWeekend(dayNumber: number): boolean {
  return weekdayOf(dayNumber) >= 5;
}

/** The Monday of the ISO week holding the day: the key that groups sessions into weeks. */
export function mondayOf(dayNumber: number): number {
  return dayNumber - weekdayOf(dayNumber);
}

/** The n-th (1-based) given weekday of a month, or the last one when n is -1. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = dayOf(year, month, 1);
    return first + ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = dayOf(year, month + 1, 1) - 1;
  return last - ((weekdayOf(last) - weekday + 7) % 7);
}
