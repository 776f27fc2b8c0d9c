import type { CalendarId } from '@piazza/contract/enums';
import { localDayOf, zonedInstant } from './zoned-time';

/** One trading session: trading happens in [open, close) (epoch ms, UTC). */
export interface Session {
  open: number;
  close: number;
  /** The trading date the session belongs to, as a day number (days since 1970-01-01). */
  day: number;
}

export interface TradingCalendar {
  readonly id: CalendarId;
  /** The zone whose wall clock the hours are written in. */
  readonly timeZone: string;
  /** Regular sessions in a year, for scaling yearly volatility to a session. */
  readonly sessionsPerYear: number;
  isOpen(ms: number): boolean;
  /** The session in progress at ms, or null when the market is closed. */
  sessionOf(ms: number): Session | null;
  /** The latest session that had closed by ms (close ≤ ms): in session, the one before the current. */
  previousSession(ms: number): Session;
  /** The first session that opens after ms (open > ms). */
  nextSession(ms: number): Session;
  /** Sessions whose open is in [fromMs, toMs), oldest first. */
  sessionsBetween(fromMs: number, toMs: number): Session[];
  /** The session of a trading date, or null when that date does not trade. */
  sessionOnDay(dayNumber: number): Session | null;
}

/** Local session hours of a date, in minutes after local midnight (may run past 1440 or start below 0). */
export interface SessionHours {
  openMinute: number;
  closeMinute: number;
}

export interface CalendarRules {
  id: CalendarId;
  timeZone: string;
  sessionsPerYear: number;
  /** The hours of a date, or null when it does not trade. */
  hoursOn(dayNumber: number): SessionHours | null;
}

// Longer than any real closure; a search that finds nothing in this many days is a bug in the rules.
const searchDaysMax = 40;

/** A calendar from its per-date rules, with sessions computed once per date. */
export function buildCalendar(rules: CalendarRules): TradingCalendar {
  const { timeZone } = rules;
  const byDay = new Map<number, Session | null>();

  function sessionOnDay(day: number): Session | null {
    let session = byDay.get(day);
    if (session === undefined) {
      const hours = rules.hoursOn(day);
      session = hours
        ? {
            open: zonedInstant(timeZone, day, hours.openMinute),
            close: zonedInstant(timeZone, day, hours.closeMinute),
            day,
          }
        : null;
      byDay.set(day, session);
    }
    return session;
  }

  // A session may start on the local day before its date (FX opens Sunday evening for Monday), so the
  // search looks one day either side.
  function sessionOf(ms: number): Session | null {
    const day = localDayOf(timeZone, ms);
    for (let d = day - 1; d <= day + 1; d++) {
      const s = sessionOnDay(d);
      if (s && s.open <= ms && ms < s.close) return s;
    }
    return null;
  }

  function previousSession(ms: number): Session {
    const day = localDayOf(timeZone, ms) + 1;
    for (let d = day; d > day - searchDaysMax; d--) {
      const s = sessionOnDay(d);
      if (s && s.close <= ms) return s;
    }
    throw new Error(
      `${rules.id}: no session in the ${searchDaysMax} days before ${new Date(ms).toISOString()}`,
    );
  }

  function nextSession(ms: number): Session {
    const day = localDayOf(timeZone, ms) - 1;
    for (let d = day; d < day + searchDaysMax; d++) {
      const s = sessionOnDay(d);
      if (s && s.open > ms) return s;
    }
    throw new Error(
      `${rules.id}: no session in the ${searchDaysMax} days after ${new Date(ms).toISOString()}`,
    );
  }

  function sessionsBetween(fromMs: number, toMs: number): Session[] {
    const sessions: Session[] = [];
    if (toMs <= fromMs) return sessions;
    const last = localDayOf(timeZone, toMs) + 1;
    for (let d = localDayOf(timeZone, fromMs) - 1; d <= last; d++) {
      const s = sessionOnDay(d);
      if (s && s.open >= fromMs && s.open < toMs) sessions.push(s);
    }
    return sessions;
  }

  return {
    id: rules.id,
    timeZone,
    sessionsPerYear: rules.sessionsPerYear,
    isOpen: (ms) => sessionOf(ms) !== null,
    sessionOf,
    previousSession,
    nextSession,
    sessionsBetween,
    sessionOnDay,
  };
}
