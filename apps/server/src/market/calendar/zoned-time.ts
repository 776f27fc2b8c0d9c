/*
 * Wall-clock time in a named time zone without a dependency: Intl gives the zone's wall clock at an
 * instant, from which the offset follows; converting back takes the offset at the guessed instant.
 */

const dayMs = 86_400_000;
const hourMs = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
// Offsets of the zones we use change only on whole hours: an offset looked up is kept for its hour.
const offsetCache = new Map<string, number>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in ms (Europe/Rome in summer: 7_200_000). */
export function offsetMs(timeZone: string, utcMs: number): number {
  if (timeZone === 'UTC') return 0;
  // A zone changes offset at most once a day: when a UTC day starts and ends on the same offset, the whole
  // day has it, and the ends are shared with the neighbouring days, so a year costs ~365 Intl calls.
  const dayStart = Math.floor(utcMs / dayMs) * dayMs;
  const atStart = offsetAtHour(timeZone, dayStart / hourMs);
  if (atStart === offsetAtHour(timeZone, dayStart / hourMs + 24)) return atStart;
  return offsetAtHour(timeZone, Math.floor(utcMs / hourMs));
}

function offsetAtHour(timeZone: string, hour: number): number {
  const key = `${timeZone}|${hour}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const at = hour * hourMs;
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(at)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  const offset = wall - at;
  if (offsetCache.size > 200_000) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

/** The local day number (days since 1970-01-01) in the zone at an instant. */
export function localDayOf(timeZone: string, utcMs: number): number {
  return Math.floor((utcMs + offsetMs(timeZone, utcMs)) / dayMs);
}

/**
 * The instant at which the zone's wall clock reads `minuteOfDay` minutes after midnight of the local day
 * (1440 is the next midnight). Times that a DST change skips or repeats resolve to the later offset's
 * reading; sessions never open or close in those hours.
 */
export function zonedInstant(timeZone: string, dayNumber: number, minuteOfDay: number): number {
  const wall = dayNumber * dayMs + minuteOfDay * 60_000;
  const first = wall - offsetMs(timeZone, wall);
  const second = wall - offsetMs(timeZone, first);
  return second;
}
