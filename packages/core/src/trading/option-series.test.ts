import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contractSizeOf,
  expiryDays,
  type SeriesMarket,
  seriesPremium,
  strikeStep,
  strikesAround,
  thirdFriday,
  unitValue,
} from './option-series';

const dayMs = 86_400_000;
const abs = (x: bigint) => (x < 0n ? -x : x);
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / dayMs;
const weekdays = (day: number) => {
  const weekday = new Date(day * dayMs).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

describe('strikes', () => {
  it.each<[string, bigint, bigint]>([
    ['ENI at 16.500 (scale 3)', 16_500n, 500n],
    ['Intesa at 5.600', 5_600n, 200n],
    ['UniCredit at 70.000', 70_000n, 2_000n],
    ['the Euro Stoxx 50 at 5800.00', 580_000n, 20_000n],
    ['the FTSE MIB at 45500.00', 4_550_000n, 100_000n],
    ['a penny stock at 0.010', 10n, 1n],
  ])('%s is listed every %d minor units', (_, spot, step) => {
    expect(strikeStep(spot)).toBe(step);
  });

  it('lists eight steps either side of the strike nearest the spot', () => {
    expect(strikesAround(16_480n)).toEqual([
      12_500n,
      13_000n,
      13_500n,
      14_000n,
      14_500n,
      15_000n,
      15_500n,
      16_000n,
      16_500n,
      17_000n,
      17_500n,
      18_000n,
      18_500n,
      19_000n,
      19_500n,
      20_000n,
      20_500n,
    ]);
  });

  it('leaves out strikes at or below zero', () => {
    expect(strikesAround(10n)).toEqual([
      2n,
      3n,
      4n,
      5n,
      6n,
      7n,
      8n,
      9n,
      10n,
      11n,
      12n,
      13n,
      14n,
      15n,
      16n,
      17n,
      18n,
    ]);
    expect(strikesAround(3n).every((k) => k > 0n)).toBe(true);
  });

  it('are positive multiples of the step, ascending, with the spot within half a step of the middle one', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), (spot) => {
        const step = strikeStep(spot);
        const strikes = strikesAround(spot);
        expect(step * 50n).toBeGreaterThanOrEqual(spot); // at least 2% of the spot
        expect(
          strikes.every((k, i) => k > 0n && k % step === 0n && (i === 0 || k - strikes[i - 1]! === step)),
        ).toBe(true);
        const nearest = strikes.reduce((a, k) => (abs(k - spot) < abs(a - spot) ? k : a));
        expect(2n * abs(nearest - spot)).toBeLessThanOrEqual(step);
      }),
    );
  });

  it('refuses a spot of zero', () => {
    expect(() => strikeStep(0n)).toThrow(RangeError);
  });
});

describe('expiries', () => {
  it.each<[number, number, string]>([
    [2026, 11, '2026-11-20'],
    [2026, 12, '2026-12-18'],
    [2027, 1, '2027-01-15'],
    [2027, 5, '2027-05-21'],
  ])('the third Friday of %d-%d is %s', (year, month, iso) => {
    expect(thirdFriday(year, month)).toBe(dayOf(iso));
  });

  it('lists the next three monthly expiries after today, never today', () => {
    expect(expiryDays(dayOf('2026-11-16'), weekdays)).toEqual([
      dayOf('2026-11-20'),
      dayOf('2026-12-18'),
      dayOf('2027-01-15'),
    ]);
    expect(expiryDays(dayOf('2026-11-20'), weekdays)).toEqual([
      dayOf('2026-12-18'),
      dayOf('2027-01-15'),
      dayOf('2027-02-19'),
    ]);
  });

  it('are trading days after today, ascending, on or just before a third Friday', () => {
    fc.assert(
      fc.property(fc.integer({ min: dayOf('2000-01-01'), max: dayOf('2100-01-01') }), (today) => {
        const days = expiryDays(today, weekdays);
        expect(days).toHaveLength(3);
        for (const [i, day] of days.entries()) {
          expect(day).toBeGreaterThan(i === 0 ? today : days[i - 1]!);
          const date = new Date(day * dayMs);
          expect(thirdFriday(date.getUTCFullYear(), date.getUTCMonth() + 1)).toBe(day);
        }
      }),
    );
  });

  it('moves an expiry on a closed Friday back to the trading day before', () => {
    const closedOn18December = (day: number) => weekdays(day) && day !== dayOf('2026-12-18');
    expect(expiryDays(dayOf('2026-11-23'), closedOn18December)).toEqual([
      dayOf('2026-12-17'),
      dayOf('2027-01-15'),
      dayOf('2027-02-19'),
    ]);
  });
});

describe('contract premiums', () => {
  // Hull, Options, Futures and Other Derivatives, Example 15.6: S = 42, K = 40, r = 10%, σ = 20%, T = 0.5:
  // call 4.76, put 0.81.
  const hull: SeriesMarket = {
    right: 'call',
    spot: 42_000n,
    strike: 40_000n,
    priceScale: 3,
    volatility: 0.2,
    rate: 0.1,
    nowMs: 0,
    expiresAtMs: 182.5 * dayMs,
  };

  it("prices Hull's example 15.6 per unit", () => {
    expect(unitValue(hull)).toBeCloseTo(4.7594, 4);
    expect(unitValue({ ...hull, right: 'put' })).toBeCloseTo(0.8086, 4);
  });

  it('one call contract of 100 shares costs 475.95 to buy and pays 475.94 to close', () => {
    expect(seriesPremium(hull, 1n, contractSizeOf('stock'), 2, 'buy')).toBe(47_595n);
    expect(seriesPremium(hull, 1n, contractSizeOf('stock'), 2, 'sell')).toBe(47_594n);
  });

  it('three put contracts cost 242.58, rounded once on the total', () => {
    expect(seriesPremium({ ...hull, right: 'put' }, 3n, 100n, 2, 'buy')).toBe(24_258n);
  });

  it('an index contract covers one point', () => {
    expect(contractSizeOf('index')).toBe(1n);
  });

  it('is worth its intrinsic value at expiry', () => {
    const expired = { ...hull, nowMs: hull.expiresAtMs };
    expect(seriesPremium(expired, 1n, 100n, 2, 'sell')).toBe(20_000n);
    expect(unitValue({ ...expired, right: 'put' })).toBe(0);
  });
});
