import type { Session, TradingCalendar } from '../calendar/trading-calendar';

/**
 * Simulated history starts here: more than ten years of daily candles before the 2026 anchor. Earlier
 * requests get nothing, as a feed that had just been listed would answer.
 */
export const historyStartMs = Date.UTC(2015, 0, 1);

const yearMs = 366 * 86_400_000;

/**
 * A calendar's sessions from the history start on, in one array, so that a session has an index the daily
 * model can sum over. It grows forward on demand (a server running for years) and never changes what it
 * already holds.
 */
export interface SessionTable {
  readonly sessions: readonly Session[];
  /** Makes sure every session opening before ms is present. */
  extendThrough(ms: number): void;
  /** The index of the latest session that opened at or before ms, or -1 before the first. */
  indexAtOrBefore(ms: number): number;
  /** The index of the first session of a date at or after the day number. */
  indexOnOrAfterDay(dayNumber: number): number;
}

export function createSessionTable(calendar: TradingCalendar, throughMs: number): SessionTable {
  const sessions: Session[] = [];
  let coveredToMs = historyStartMs;

  function extendThrough(ms: number): void {
    if (ms < coveredToMs) return;
    // Whole years at a time, so a running server extends rarely.
    const to = ms + yearMs;
    sessions.push(...calendar.sessionsBetween(coveredToMs, to));
    coveredToMs = to;
  }

  function indexAtOrBefore(ms: number): number {
    extendThrough(ms);
    let lo = 0;
    let hi = sessions.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (sessions[mid]!.open <= ms) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  function indexOnOrAfterDay(dayNumber: number): number {
    let lo = 0;
    let hi = sessions.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sessions[mid]!.day < dayNumber) lo = mid + 1;
      else hi = mid;
    }
    if (lo === sessions.length) throw new Error(`no session on or after day ${dayNumber}`);
    return lo;
  }

  extendThrough(throughMs);
  return { sessions, extendThrough, indexAtOrBefore, indexOnOrAfterDay };
}
