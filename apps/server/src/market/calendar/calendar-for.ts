import type { CalendarId } from '@piazza/contract/enums';
import { borsaItalianaCloseMinute, borsaItalianaOpenMinute, isBorsaItalianaClosure } from './borsa-italiana';
import { civilDate, isWeekend } from './civil-date';
import {
  isNyseEarlyClose,
  isNyseHoliday,
  nyseCloseMinute,
  nyseEarlyCloseMinute,
  nyseOpenMinute,
} from './nyse';
import { buildCalendar, type CalendarRules, type TradingCalendar } from './trading-calendar';

const rules: Record<CalendarId, CalendarRules> = {
  XMIL: {
    id: 'XMIL',
    timeZone: 'Europe/Rome',
    sessionsPerYear: 252,
    hoursOn(day) {
      if (isWeekend(day) || isBorsaItalianaClosure(civilDate(day).year, day)) return null;
      return { openMinute: borsaItalianaOpenMinute, closeMinute: borsaItalianaCloseMinute };
    },
  },
  XNYS: {
    id: 'XNYS',
    timeZone: 'America/New_York',
    sessionsPerYear: 252,
    hoursOn(day) {
      if (isWeekend(day)) return null;
      const { year } = civilDate(day);
      if (isNyseHoliday(year, day)) return null;
      return {
        openMinute: nyseOpenMinute,
        closeMinute: isNyseEarlyClose(year, day) ? nyseEarlyCloseMinute : nyseCloseMinute,
      };
    },
  },
  // Crypto never closes; each UTC day is a session so that days, opens and closes exist for the charts.
  CRYPTO: {
    id: 'CRYPTO',
    timeZone: 'UTC',
    sessionsPerYear: 365,
    hoursOn: () => ({ openMinute: 0, closeMinute: 24 * 60 }),
  },
  // FX trades from Sunday 22:00 UTC to Friday 22:00 UTC; each weekday's session opens at 22:00 UTC the
  // evening before, so Monday's opens on Sunday.
  FX: {
    id: 'FX',
    timeZone: 'UTC',
    sessionsPerYear: 260,
    hoursOn: (day) => (isWeekend(day) ? null : { openMinute: -2 * 60, closeMinute: 22 * 60 }),
  },
};

const calendars = new Map<CalendarId, TradingCalendar>();

/** The trading calendar of an instrument (one shared instance per id, with its sessions cached). */
export function calendarFor(id: CalendarId): TradingCalendar {
  let calendar = calendars.get(id);
  if (!calendar) {
    calendar = buildCalendar(rules[id]);
    calendars.set(id, calendar);
  }
  return calendar;
}
