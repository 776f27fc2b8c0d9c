import { describe, expect, it } from 'vitest';
import { dayOfIso } from './civil-date';
import { localDayOf, offsetMs, zonedInstant } from './zoned-time';

const hour = 3_600_000;

describe('zoned time', () => {
  it.each([
    ['Europe/Rome', '2026-01-15T12:00:00Z', 1],
    ['Europe/Rome', '2026-07-15T12:00:00Z', 2],
    // The change happens at 01:00 UTC on the last Sunday of March.
    ['Europe/Rome', '2026-03-29T00:59:59Z', 1],
    ['Europe/Rome', '2026-03-29T01:00:00Z', 2],
    ['America/New_York', '2026-01-15T12:00:00Z', -5],
    ['America/New_York', '2026-07-15T12:00:00Z', -4],
    ['UTC', '2026-07-15T12:00:00Z', 0],
  ])('%s at %s is UTC%+i', (zone, iso, hours) => {
    expect(offsetMs(zone, Date.parse(iso))).toBe(hours * hour);
  });

  it('gives the local date, which differs from the UTC date near midnight', () => {
    expect(localDayOf('Europe/Rome', Date.parse('2026-07-15T22:30:00Z'))).toBe(dayOfIso('2026-07-16'));
    expect(localDayOf('America/New_York', Date.parse('2026-07-16T02:30:00Z'))).toBe(dayOfIso('2026-07-15'));
  });

  it('turns a wall-clock time back into the instant, on either side of a change', () => {
    expect(new Date(zonedInstant('Europe/Rome', dayOfIso('2026-03-28'), 9 * 60)).toISOString()).toBe(
      '2026-03-28T08:00:00.000Z',
    );
    expect(new Date(zonedInstant('Europe/Rome', dayOfIso('2026-03-29'), 9 * 60)).toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(
      new Date(zonedInstant('America/New_York', dayOfIso('2026-11-01'), 9 * 60 + 30)).toISOString(),
    ).toBe('2026-11-01T14:30:00.000Z');
  });
});
