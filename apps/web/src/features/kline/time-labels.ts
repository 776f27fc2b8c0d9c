import type { CandleInterval } from '@piazza/contract/enums';
import { formatDate, formatDateTime } from '@piazza/core/format-date';

/*
 * Labels of the chart's time axis in Italian time (Europe/Rome), whatever the device's zone. The chart
 * keeps real UTC times (shifting them by the zone offset would make the autumn's repeated hour run
 * backwards, which the chart refuses) and asks us for each label.
 *
 * core's formatDateTime gives 'DD-MM-YYYY HH:MM'; the axis shows the part that changed at that mark.
 */

/** Where a mark falls, as the chart tells it: the numbers of lightweight-charts' TickMarkType. */
export const markKinds = { year: 0, month: 1, day: 2, time: 3, timeWithSeconds: 4 } as const;

/** The label of a mark at `epochMs`: '2026', '11-2026', '21-11', '14:05'. */
export function markLabel(epochMs: number, kind: number): string {
  const text = formatDateTime(epochMs); // 'DD-MM-YYYY HH:MM'
  if (text.length < 16) return text;
  switch (kind) {
    case markKinds.year:
      return text.slice(6, 10);
    case markKinds.month:
      return text.slice(3, 10);
    case markKinds.day:
      return text.slice(0, 5);
    default:
      return text.slice(11, 16);
  }
}

/** The label of the bar under the crosshair: its day for daily and weekly bars, its day and time otherwise. */
export function barLabel(epochMs: number, interval: CandleInterval): string {
  return interval === '1d' || interval === '1w' ? formatDate(epochMs) : formatDateTime(epochMs);
}
