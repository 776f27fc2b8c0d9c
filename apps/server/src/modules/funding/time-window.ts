/*
 * When a channel or a withdrawal method is open (DESIGN.md §10: "not possible at this time" outside): ISO
 * weekdays and a span of minutes in Europe/Rome, where the operator and the investors are.
 */

export interface TimeWindow {
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  days: readonly number[];
  /** Minutes after midnight in Rome, inclusive. */
  openMinute: number;
  /** Minutes after midnight in Rome, exclusive; 1440 is the end of the day. */
  closeMinute: number;
}

const romeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const isoDay: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The ISO weekday and the minute of the day in Rome at `ms`. */
export function romeDayMinute(ms: number): { day: number; minute: number } {
  const parts = romeParts.formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: isoDay[get('weekday')] ?? 0, minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

export function isOpen(window: TimeWindow, ms: number): boolean {
  const { day, minute } = romeDayMinute(ms);
  return window.days.includes(day) && minute >= window.openMinute && minute < window.closeMinute;
}

/** 'HH:MM' (00:00 … 24:00) to minutes, or null. */
export function parseHhmm(text: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && minutes <= 1440 ? minutes : null;
}

export function formatHhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** '1,2,3' to [1, 2, 3], de-duplicated and sorted. */
export function parseDays(text: string): number[] {
  return [...new Set(text.split(',').map(Number))].sort((a, b) => a - b);
}

/** The wire shape of a window. */
export function windowView(w: TimeWindow): { days: number[]; from: string; to: string } {
  return { days: [...w.days], from: formatHhmm(w.openMinute), to: formatHhmm(w.closeMinute) };
}
