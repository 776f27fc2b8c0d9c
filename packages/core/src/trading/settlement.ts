/*
 * Settlement (DESIGN.md §7): shares bought are locked until the trade settles, T+n business days after the
 * trade date, and cannot be sold before. Days are day numbers (days since 1970-01-01, the market's local
 * calendar date), as the server's trading calendars count them; which days are business days is the
 * caller's predicate, so the settlement calendar (TARGET2 for Borsa Italiana) may differ from the trading one.
 */

/**
 * Suggested settlement cycles, keyed by trading calendar: T+2 on Borsa Italiana (EU CSDR), T+1 in the US
 * (since May 2024), crypto at once.
 */
export const settlementDaysDefault = { XMIL: 2, XNYS: 1, CRYPTO: 0 } as const satisfies Record<
  string,
  number
>;

// Longer than any real closure; a calendar with no business day in this many days is misconfigured.
const searchDaysMax = 60;

/**
 * The settlement date of a trade made on `tradeDay`: the n-th business day after it, weekends and
 * holidays skipped (T+2 of a Thursday trade is the Monday). T+0 settles on the trade date itself.
 */
export function settlementDay(
  tradeDay: number,
  days: number,
  isBusinessDay: (day: number) => boolean,
): number {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError('a settlement cycle is whole days ≥ 0');
  let day = tradeDay;
  for (let counted = 0; counted < days; counted++) {
    const from = day;
    do {
      day++;
      if (day - from > searchDaysMax) {
        throw new RangeError(`no business day in the ${searchDaysMax} days after day ${from}`);
      }
    } while (!isBusinessDay(day));
  }
  return day;
}

/** A market's calendar as settlement needs it: business days, and its local dates against instants. */
export interface SettlementCalendar {
  isBusinessDay(day: number): boolean;
  /** The market's local date of an instant (epoch ms), as a day number. */
  dayOf(ms: number): number;
  /** The instant (epoch ms) a local date begins, at midnight in the market's zone. */
  startOfDay(day: number): number;
}

/**
 * The instant shares bought at `tradeMs` become free to sell: the start of the settlement date in the
 * market's zone, so they can be sold from that day's opening; with T+0, the trade itself.
 */
export function sharesAvailableAt(tradeMs: number, days: number, calendar: SettlementCalendar): number {
  if (days === 0) return tradeMs;
  return calendar.startOfDay(settlementDay(calendar.dayOf(tradeMs), days, (d) => calendar.isBusinessDay(d)));
}
