import { missingFigure } from './format-number';

/*
 * Dates as the apps show them (SPEC.md §9): day-month-year, with hour:minute when the time matters, in the
 * same form in both languages: '21-11-2026', '21-11-2026 14:05'.
 *
 * The original shifted times by "the timezone offset plus 2 hours", a fixed UTC+2 that is right in Italian
 * summer and an hour wrong all winter. We show Italian time with its real daylight-saving rules, through
 * Intl's Europe/Rome zone, whatever the zone of the device or the server.
 */

const romeClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  // h23, not hour12: false, which some engines render as '24:05' just after midnight.
  hourCycle: 'h23',
});

/** The day in Italy of an instant given in epoch milliseconds: '21-11-2026'. */
export function formatDate(epochMs: number): string {
  const parts = romeParts(epochMs);
  return parts ? `${parts.day}-${parts.month}-${parts.year}` : missingFigure;
}

/** The day and time in Italy of an instant given in epoch milliseconds: '21-11-2026 14:05'. */
export function formatDateTime(epochMs: number): string {
  const parts = romeParts(epochMs);
  return parts ? `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}` : missingFigure;
}

/** The time of day in Italy of an instant, to the second: '14:05:09'. For a trades tape, where several
 * trades share a minute. */
export function formatTimeOfDay(epochMs: number): string {
  const parts = romeParts(epochMs);
  return parts ? `${parts.hour}:${parts.minute}:${parts.second}` : missingFigure;
}

interface ClockParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function romeParts(epochMs: number): ClockParts | null {
  // Date's range is ±8.64e15 ms; beyond it, or for NaN, there is no date to show.
  if (!Number.isFinite(epochMs) || Math.abs(epochMs) > 8.64e15) return null;
  const parts: ClockParts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of romeClock.formatToParts(epochMs)) {
    if (part.type in parts) parts[part.type as keyof ClockParts] = part.value;
  }
  parts.year = parts.year.padStart(4, '0');
  return parts;
}
