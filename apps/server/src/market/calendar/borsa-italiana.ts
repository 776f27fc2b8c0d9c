import { dayOf, dayOfIso, isWeekend } from './civil-date';
import { easterSunday } from './easter';

/*
 * Borsa Italiana (XMIL) cash equity market: continuous trading 09:00–17:30 Europe/Rome on trading days.
 * Closed on New Year's Day, Good Friday, Easter Monday, Labour Day, Ferragosto, Christmas Eve, Christmas,
 * St Stephen's Day and New Year's Eve; no half days.
 */

export const borsaItalianaOpenMinute = 9 * 60;
export const borsaItalianaCloseMinute = 17 * 60 + 30;

/** Weekday closures as Borsa Italiana published them for its equity markets (weekend ones omitted). */
export const borsaItalianaPublishedClosures: Readonly<Record<number, readonly string[]>> = {
  2025: [
    '2025-01-01',
    '2025-04-18',
    '2025-04-21',
    '2025-05-01',
    '2025-08-15',
    '2025-12-24',
    '2025-12-25',
    '2025-12-26',
    '2025-12-31',
  ],
  2026: ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-24', '2026-12-25', '2026-12-31'],
  2027: ['2027-01-01', '2027-03-26', '2027-03-29', '2027-12-24', '2027-12-31'],
};

/** The closures the rules give for a year, weekdays only: what years without a published list use. */
export function borsaItalianaRuleClosures(year: number): number[] {
  const easter = easterSunday(year);
  const days = [
    dayOf(year, 1, 1),
    easter - 2,
    easter + 1,
    dayOf(year, 5, 1),
    dayOf(year, 8, 15),
    dayOf(year, 12, 24),
    dayOf(year, 12, 25),
    dayOf(year, 12, 26),
    dayOf(year, 12, 31),
  ];
  return days.filter((d) => !isWeekend(d)).sort((a, b) => a - b);
}

const closuresByYear = new Map<number, Set<number>>();

export function isBorsaItalianaClosure(year: number, dayNumber: number): boolean {
  let closures = closuresByYear.get(year);
  if (!closures) {
    const published = borsaItalianaPublishedClosures[year];
    closures = new Set(published ? published.map(dayOfIso) : borsaItalianaRuleClosures(year));
    closuresByYear.set(year, closures);
  }
  return closures.has(dayNumber);
}
