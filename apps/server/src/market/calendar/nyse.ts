import { dayOf, dayOfIso, isWeekend, nthWeekday, weekdayOf } from './civil-date';
import { easterSunday } from './easter';

/*
 * New York Stock Exchange (XNYS): 09:30–16:00 America/New_York, closing at 13:00 on the usual half days
 * (3 July, the day after Thanksgiving, Christmas Eve). A holiday on a Saturday is observed on the Friday
 * before, on a Sunday on the Monday after — except New Year's Day on a Saturday, which is not observed at
 * all (NYSE Rule 7.2: the Friday is the last trading day of the year before).
 */

export const nyseOpenMinute = 9 * 60 + 30;
export const nyseCloseMinute = 16 * 60;
export const nyseEarlyCloseMinute = 13 * 60;

export interface NyseYear {
  holidays: readonly string[];
  earlyCloses: readonly string[];
}

/** The NYSE's published holidays and early closes. */
export const nysePublished: Readonly<Record<number, NyseYear>> = {
  2025: {
    // 9 January 2025: closed for the national day of mourning for President Carter.
    holidays: [
      '2025-01-01',
      '2025-01-09',
      '2025-01-20',
      '2025-02-17',
      '2025-04-18',
      '2025-05-26',
      '2025-06-19',
      '2025-07-04',
      '2025-09-01',
      '2025-11-27',
      '2025-12-25',
    ],
    earlyCloses: ['2025-07-03', '2025-11-28', '2025-12-24'],
  },
  2026: {
    holidays: [
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ],
    earlyCloses: ['2026-11-27', '2026-12-24'],
  },
  2027: {
    holidays: [
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-03-26',
      '2027-05-31',
      '2027-06-18',
      '2027-07-05',
      '2027-09-06',
      '2027-11-25',
      '2027-12-24',
    ],
    earlyCloses: ['2027-11-26'],
  },
};

const monday = 0;
const thursday = 3;

/** Saturday → the Friday before, Sunday → the Monday after. */
function observed(day: number): number {
  const weekday = weekdayOf(day);
  if (weekday === 5) return day - 1;
  if (weekday === 6) return day + 1;
  return day;
}

/** The holidays and early closes the rules give for a year: what years without a published list use. */
export function nyseRuleYear(year: number): { holidays: number[]; earlyCloses: number[] } {
  const holidays: number[] = [];
  const newYear = dayOf(year, 1, 1);
  if (weekdayOf(newYear) !== 5) holidays.push(observed(newYear));
  if (year >= 1998) holidays.push(nthWeekday(year, 1, monday, 3));
  holidays.push(nthWeekday(year, 2, monday, 3));
  holidays.push(easterSunday(year) - 2);
  holidays.push(nthWeekday(year, 5, monday, -1));
  if (year >= 2022) holidays.push(observed(dayOf(year, 6, 19)));
  holidays.push(observed(dayOf(year, 7, 4)));
  holidays.push(nthWeekday(year, 9, monday, 1));
  const thanksgiving = nthWeekday(year, 11, thursday, 4);
  holidays.push(thanksgiving);
  holidays.push(observed(dayOf(year, 12, 25)));
  // A Saturday New Year of the next year is not observed on this year's 31 December.

  const earlyCloses = [thanksgiving + 1];
  const july3 = dayOf(year, 7, 3);
  if (weekdayOf(july3) <= thursday) earlyCloses.push(july3);
  const christmasEve = dayOf(year, 12, 24);
  if (weekdayOf(christmasEve) <= thursday) earlyCloses.push(christmasEve);
  return {
    holidays: holidays.filter((d) => !isWeekend(d)).sort((a, b) => a - b),
    earlyCloses: earlyCloses.filter((d) => !isWeekend(d)).sort((a, b) => a - b),
  };
}

interface YearDays {
  holidays: Set<number>;
  earlyCloses: Set<number>;
}
const byYear = new Map<number, YearDays>();

function yearDays(year: number): YearDays {
  let days = byYear.get(year);
  if (!days) {
    const published = nysePublished[year];
    const { holidays, earlyCloses } = published
      ? { holidays: published.holidays.map(dayOfIso), earlyCloses: published.earlyCloses.map(dayOfIso) }
      : nyseRuleYear(year);
    days = { holidays: new Set(holidays), earlyCloses: new Set(earlyCloses) };
    byYear.set(year, days);
  }
  return days;
}

export function isNyseHoliday(year: number, dayNumber: number): boolean {
  return yearDays(year).holidays.has(dayNumber);
}

export function isNyseEarlyClose(year: number, dayNumber: number): boolean {
  return yearDays(year).earlyCloses.has(dayNumber);
}
