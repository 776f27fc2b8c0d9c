import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buyCost, type FeeSchedule } from '../trading/fees';
import { tradeValue } from '../trading/fills';
import { nextScheduledDay, nextTradingDay, scheduledDays } from './schedule';
import { unitsWithin } from './units';

const day = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
const weekdays = (d: number) => {
  const w = new Date(d * 86_400_000).getUTCDay();
  return w !== 0 && w !== 6;
};

describe('plan schedule', () => {
  it('buys monthly on the start day, held to the end of a short month', () => {
    const days = scheduledDays('monthly', day('2026-01-31'), day('2026-05-31')).map(iso);
    expect(days).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });

  it('buys twice a month on the start day and 15 days from it', () => {
    expect(scheduledDays('twiceMonthly', day('2026-11-03'), day('2027-01-01')).map(iso)).toEqual([
      '2026-11-03',
      '2026-11-18',
      '2026-12-03',
      '2026-12-18',
    ]);
    expect(scheduledDays('twiceMonthly', day('2026-11-20'), day('2026-12-31')).map(iso)).toEqual([
      '2026-11-20',
      '2026-12-05',
      '2026-12-20',
    ]);
  });

  it('buys weekly every 7 days from the start', () => {
    expect(scheduledDays('weekly', day('2026-11-23'), day('2026-12-14')).map(iso)).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
      '2026-12-14',
    ]);
    expect(iso(nextScheduledDay('weekly', day('2026-11-23'), day('2026-11-25')))).toBe('2026-11-30');
    expect(iso(nextScheduledDay('monthly', day('2026-11-23'), day('2026-10-01')))).toBe('2026-11-23');
  });

  it('moves a date that does not trade to the next trading day', () => {
    // Saturday 28 November 2026 → Monday 30 November; a Friday stays.
    expect(iso(nextTradingDay(day('2026-11-28'), weekdays))).toBe('2026-11-30');
    expect(iso(nextTradingDay(day('2026-11-27'), weekdays))).toBe('2026-11-27');
  });

  it('answers dates in order, each after the one before, for any start and frequency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: day('2025-01-01'), max: day('2030-12-31') }),
        fc.constantFrom('weekly' as const, 'twiceMonthly' as const, 'monthly' as const),
        (start, frequency) => {
          const days = scheduledDays(frequency, start, start + 400);
          expect(days[0]).toBe(start);
          for (let i = 1; i < days.length; i++) {
            const gap = (days[i] as number) - (days[i - 1] as number);
            expect(gap).toBeGreaterThanOrEqual(frequency === 'weekly' ? 7 : 10);
            expect(gap).toBeLessThanOrEqual(frequency === 'monthly' ? 31 : frequency === 'weekly' ? 7 : 18);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('units a plan buys', () => {
  // Borsa Italiana's suggested schedule: 0.19 % between €2,95 and €19,00.
  const xmil: FeeSchedule = { rateBp: 19, perShare: null, minimum: 295n, maximum: 1900n };
  const costAt = (price: bigint, quantityScale: number) => (q: bigint) => {
    const scales = { priceScale: 3, quantityScale, currencyScale: 2 };
    const value = tradeValue(price * q, scales);
    return buyCost(xmil, { value, quantity: q }, { quantityScale, currencyScale: 2 }).total;
  };

  it('buys 10 whole units at €9,500 with €100,00: €95,00 + €2,95 fee, €2,05 left as cash', () => {
    const q = unitsWithin(
      10_000n,
      9_500n,
      { priceScale: 3, quantityScale: 0, currencyScale: 2 },
      costAt(9_500n, 0),
    );
    expect(q).toBe(10n);
    expect(costAt(9_500n, 0)(10n)).toBe(9_795n);
  });

  it('buys no whole unit at €120,000 with €100,00: all of it stays cash', () => {
    const q = unitsWithin(
      10_000n,
      120_000n,
      { priceScale: 3, quantityScale: 0, currencyScale: 2 },
      costAt(120_000n, 0),
    );
    expect(q).toBe(0n);
  });

  it('buys 0,808791 of a unit at €120,000 with €100,00 in fractions: €97,05 + €2,95 fee', () => {
    const q = unitsWithin(
      10_000n,
      120_000n,
      { priceScale: 3, quantityScale: 6, currencyScale: 2 },
      costAt(120_000n, 6),
    );
    // 0,808791 × 120 = 97,05492 → €97,05 (+ €2,95 = €100,00); 0,808792 × 120 = 97,05504 → €97,06, too much.
    expect(q).toBe(808_791n);
    expect(costAt(120_000n, 6)(808_791n)).toBe(10_000n);
    expect(costAt(120_000n, 6)(808_792n)).toBe(10_001n);
  });

  it('never spends more than the budget and never leaves a step that would fit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 100n, max: 10_000_000n }),
        fc.bigInt({ min: 1n, max: 5_000_000n }),
        fc.constantFrom(0, 6),
        (budget, price, quantityScale) => {
          const cost = costAt(price, quantityScale);
          const q = unitsWithin(budget, price, { priceScale: 3, quantityScale, currencyScale: 2 }, cost);
          if (q > 0n) expect(cost(q)).toBeLessThanOrEqual(budget);
          expect(cost(q + 1n)).toBeGreaterThan(budget);
        },
      ),
      { numRuns: 300 },
    );
  });
});
