import type { CalendarId } from '@piazza/contract/enums';
import type { SettlementCalendar } from '@piazza/core/trading/settlement';
import { calendarFor } from '../../market/calendar/calendar-for';
import { localDayOf, zonedInstant } from '../../market/calendar/zoned-time';

/**
 * A trading calendar as settlement counts days: a business day is a day the market trades. Close enough
 * for Borsa Italiana (its closures are TARGET2's) and the NYSE; a separate settlement calendar can replace
 * this adapter without touching core.
 */
export function settlementCalendarOf(id: CalendarId): SettlementCalendar {
  const calendar = calendarFor(id);
  return {
    isBusinessDay: (day) => calendar.sessionOnDay(day) !== null,
    dayOf: (ms) => localDayOf(calendar.timeZone, ms),
    startOfDay: (day) => zonedInstant(calendar.timeZone, day, 0),
  };
}
