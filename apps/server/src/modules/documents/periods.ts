import type { DocumentKind } from '@piazza/contract/calls/documents-shapes';
import { dayOf, isoOfDay } from '../../market/calendar/civil-date';
import { localDayOf, zonedInstant } from '../../market/calendar/zoned-time';
import { Refusal } from '../../platform/refusal';

/*
 * A document's period: a calendar month for a statement, a calendar year for the tax certificate and the costs
 * report, in Italian time (Europe/Rome), as the tax year and the investor's calendar are.
 */

export const documentZone = 'Europe/Rome';
/** No document goes back before the platform kept a ledger. */
export const firstYear = 2020;

export interface Period {
  key: string;
  /** The first instant of the period and the first instant after it (epoch ms, Rome midnights). */
  startMs: number;
  endMs: number;
  /** Day numbers of the period's first and last day. */
  firstDay: number;
  lastDay: number;
  year: number;
}

function monthPeriod(year: number, month: number): Period {
  const firstDay = dayOf(year, month, 1);
  const nextDay = month === 12 ? dayOf(year + 1, 1, 1) : dayOf(year, month + 1, 1);
  return {
    key: `${year}-${String(month).padStart(2, '0')}`,
    startMs: zonedInstant(documentZone, firstDay, 0),
    endMs: zonedInstant(documentZone, nextDay, 0),
    firstDay,
    lastDay: nextDay - 1,
    year,
  };
}

function yearPeriod(year: number): Period {
  const firstDay = dayOf(year, 1, 1);
  const nextDay = dayOf(year + 1, 1, 1);
  return {
    key: String(year),
    startMs: zonedInstant(documentZone, firstDay, 0),
    endMs: zonedInstant(documentZone, nextDay, 0),
    firstDay,
    lastDay: nextDay - 1,
    year,
  };
}

/** The period a caller named for a kind of document, or a refusal: wrong shape, before the ledger, not begun. */
export function periodOf(kind: DocumentKind, key: string, nowMs: number): Period {
  const [yearText, monthText] = key.split('-');
  const year = Number(yearText);
  const monthly = kind === 'statement';
  if (monthly !== (monthText !== undefined)) throw new Refusal('documents.periodKind');
  if (year < firstYear) throw new Refusal('documents.tooOld', [String(firstYear)]);
  const period = monthText === undefined ? yearPeriod(year) : monthPeriod(year, Number(monthText));
  if (period.startMs > nowMs) throw new Refusal('documents.future', [key]);
  return period;
}

/** The period a job's key names ('2026-11' or '2026'), unchecked against the clock. */
export function periodFromKey(key: string): Period {
  const [y, m] = key.split('-').map(Number) as [number, number | undefined];
  return m === undefined ? yearPeriod(y) : monthPeriod(y, m);
}

/** The periods that ended at `nowMs` most recently: last month and last year (the job's keys). */
export function lastEnded(nowMs: number): { month: Period; year: Period } {
  const today = localDayOf(documentZone, nowMs);
  const [y, m] = isoOfDay(today).split('-').map(Number) as [number, number];
  const month = m === 1 ? monthPeriod(y - 1, 12) : monthPeriod(y, m - 1);
  return { month, year: yearPeriod(y - 1) };
}

/** The ISO date of a day number, for a document's period line. */
export const isoDate = (dayNumber: number): string => isoOfDay(dayNumber);
