import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type SettlementCalendar,
  settlementDay,
  settlementDaysDefault,
  sharesAvailableAt,
} from './settlement';

const dayMs = 86_400_000;
const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / dayMs;
const iso = (d: number): string => new Date(d * dayMs).toISOString().slice(0, 10);
const weekend = (d: number): boolean => [0, 6].includes(new Date(d * dayMs).getUTCDay());

// Borsa Italiana's weekday closures of 2026 and New Year's Day 2027; the US ones this test needs.
const italianHolidays = new Set(
  [
    '2026-01-01',
    '2026-04-03',
    '2026-04-06',
    '2026-05-01',
    '2026-12-24',
    '2026-12-25',
    '2026-12-31',
    '2027-01-01',
  ].map(day),
);
const usHolidays = new Set(['2026-11-26', '2026-12-25'].map(day));
const italianBusinessDay = (d: number) => !weekend(d) && !italianHolidays.has(d);
const usBusinessDay = (d: number) => !weekend(d) && !usHolidays.has(d);

describe('settlementDay', () => {
  it.each<[string, string, number, (d: number) => boolean, string]>([
    ['T+2 of a Tuesday is the Thursday', '2026-11-17', 2, italianBusinessDay, '2026-11-19'],
    ['T+2 of a Thursday skips the weekend to the Monday', '2026-11-19', 2, italianBusinessDay, '2026-11-23'],
    ['T+2 of a Friday is the Tuesday', '2026-11-20', 2, italianBusinessDay, '2026-11-24'],
    [
      'T+2 of the Thursday before Easter skips Good Friday, the weekend and Easter Monday',
      '2026-04-02',
      2,
      italianBusinessDay,
      '2026-04-08',
    ],
    [
      'T+2 of 23 December skips Christmas Eve and Christmas Day',
      '2026-12-23',
      2,
      italianBusinessDay,
      '2026-12-29',
    ],
    [
      'T+2 of 30 December skips New Year’s Eve and New Year’s Day',
      '2026-12-30',
      2,
      italianBusinessDay,
      '2027-01-05',
    ],
    [
      'US T+1 of the eve of Thanksgiving is the Friday after it',
      '2026-11-25',
      1,
      usBusinessDay,
      '2026-11-27',
    ],
    ['US T+1 of a Friday is the Monday', '2026-11-20', 1, usBusinessDay, '2026-11-23'],
    ['T+0 settles on the trade date', '2026-11-21', 0, italianBusinessDay, '2026-11-21'],
  ])('%s', (_, trade, days, isBusinessDay, settles) => {
    expect(iso(settlementDay(day(trade), days, isBusinessDay))).toBe(settles);
  });

  it('suggests T+2 for Borsa Italiana, T+1 for the US and none for crypto', () => {
    expect(settlementDaysDefault).toEqual({ XMIL: 2, XNYS: 1, CRYPTO: 0 });
  });

  it('refuses a negative or fractional cycle, and a calendar with no business day', () => {
    expect(() => settlementDay(day('2026-11-20'), -1, italianBusinessDay)).toThrow(RangeError);
    expect(() => settlementDay(day('2026-11-20'), 1.5, italianBusinessDay)).toThrow(RangeError);
    expect(() => settlementDay(day('2026-11-20'), 1, () => false)).toThrow(RangeError);
  });
});

describe('sharesAvailableAt', () => {
  // Europe/Rome in November and December is UTC+1.
  const romeWinter: SettlementCalendar = {
    isBusinessDay: italianBusinessDay,
    dayOf: (ms) => Math.floor((ms + 3_600_000) / dayMs),
    startOfDay: (d) => d * dayMs - 3_600_000,
  };

  it('ENI bought on Thursday 19 November at 15:30 in Milan can be sold from midnight in Milan on Monday 23', () => {
    const trade = Date.parse('2026-11-19T15:30:00+01:00');
    expect(new Date(sharesAvailableAt(trade, 2, romeWinter)).toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });

  it('a trade at 00:30 in Milan counts from the Milan date, though it is still the day before in UTC', () => {
    const trade = Date.parse('2026-11-19T00:30:00+01:00');
    expect(new Date(trade).toISOString().slice(0, 10)).toBe('2026-11-18');
    expect(new Date(sharesAvailableAt(trade, 2, romeWinter)).toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });

  it('with T+0 the coins bought are free at once', () => {
    const trade = Date.parse('2026-11-21T10:00:00Z');
    expect(sharesAvailableAt(trade, 0, romeWinter)).toBe(trade);
  });
});

describe('settlement, for any trade date and holidays', () => {
  it('lands on a business day after the trade date with exactly n business days from it', () => {
    const tradeDay = fc.integer({ min: day('2020-01-01'), max: day('2035-12-31') });
    // Up to 30 holidays in the 40 days after the trade, so runs of closures are common (never 60 days of them).
    const holidays = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 30 });
    fc.assert(
      fc.property(tradeDay, holidays, fc.integer({ min: 1, max: 5 }), (trade, offsets, n) => {
        const closed = new Set(offsets.map((o) => trade + o));
        const open = (d: number) => !weekend(d) && !closed.has(d);
        const settles = settlementDay(trade, n, open);
        expect(settles > trade).toBe(true);
        expect(open(settles)).toBe(true);
        let businessDays = 0;
        for (let d = trade + 1; d <= settles; d++) if (open(d)) businessDays++;
        expect(businessDays).toBe(n);
      }),
    );
  });
});
