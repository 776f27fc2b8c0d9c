import { describe, expect, it } from 'vitest';
import { barLabel, markKinds, markLabel } from './time-labels';

// 2026-11-21 13:05 UTC is 14:05 in Rome (winter, UTC+1); 2026-07-01 07:00 UTC is 09:00 (summer, UTC+2).
const winter = Date.UTC(2026, 10, 21, 13, 5);
const summer = Date.UTC(2026, 6, 1, 7, 0);

describe('markLabel: the time axis in Italian time', () => {
  it('shows the part that changed at the mark', () => {
    expect(markLabel(winter, markKinds.year)).toBe('2026');
    expect(markLabel(winter, markKinds.month)).toBe('11-2026');
    expect(markLabel(winter, markKinds.day)).toBe('21-11');
    expect(markLabel(winter, markKinds.time)).toBe('14:05');
  });

  it('follows daylight saving: the Borsa opens at 09:00 Rome in summer too', () => {
    expect(markLabel(summer, markKinds.time)).toBe('09:00');
  });

  it('puts a time just after midnight in Rome on the Rome day, not the UTC one', () => {
    expect(markLabel(Date.UTC(2026, 10, 21, 23, 30), markKinds.day)).toBe('22-11');
  });
});

describe('barLabel', () => {
  it('gives the day of a daily or weekly bar, the day and time of an intraday one', () => {
    expect(barLabel(winter, '1d')).toBe('21-11-2026');
    expect(barLabel(winter, '1w')).toBe('21-11-2026');
    expect(barLabel(winter, '15m')).toBe('21-11-2026 14:05');
  });
});
