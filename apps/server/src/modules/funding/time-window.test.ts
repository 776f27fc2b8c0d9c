import { describe, expect, it } from 'vitest';
import { isOpen, parseHhmm, romeDayMinute } from './time-window';

const weekdays9to18 = { days: [1, 2, 3, 4, 5], openMinute: 9 * 60, closeMinute: 18 * 60 };

describe('time windows in Rome', () => {
  it('reads Rome time across summer and winter time', () => {
    // Monday 23 November 2026, 10:00 UTC is 11:00 in Rome (CET, UTC+1).
    expect(romeDayMinute(Date.UTC(2026, 10, 23, 10, 0))).toEqual({ day: 1, minute: 11 * 60 });
    // Wednesday 1 July 2026, 10:00 UTC is 12:00 in Rome (CEST, UTC+2).
    expect(romeDayMinute(Date.UTC(2026, 6, 1, 10, 0))).toEqual({ day: 3, minute: 12 * 60 });
  });

  it('is open inside the days and hours, closed at the closing minute and at weekends', () => {
    expect(isOpen(weekdays9to18, Date.UTC(2026, 10, 23, 8, 0))).toBe(true); // Mon 09:00 Rome
    expect(isOpen(weekdays9to18, Date.UTC(2026, 10, 23, 7, 59))).toBe(false); // Mon 08:59
    expect(isOpen(weekdays9to18, Date.UTC(2026, 10, 23, 17, 0))).toBe(false); // Mon 18:00
    expect(isOpen(weekdays9to18, Date.UTC(2026, 10, 22, 10, 0))).toBe(false); // Sunday
  });

  it('parses HH:MM up to 24:00', () => {
    expect(parseHhmm('24:00')).toBe(1440);
    expect(parseHhmm('09:30')).toBe(570);
    expect(parseHhmm('24:01')).toBeNull();
    expect(parseHhmm('9:30')).toBeNull();
  });
});
