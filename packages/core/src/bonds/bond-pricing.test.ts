import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accruedInterestMinor,
  type Bond,
  cleanPriceAt,
  couponMinor,
  couponPeriod,
  curveYield,
  dirtyPriceAt,
  tradeAmounts,
  withheldMinor,
  yieldToMaturity,
} from './bond-math';

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;

// A BTP 3,85% paying 1 January and 1 July, maturing 1 July 2034.
const btp: Bond = {
  couponBasisPoints: 385,
  frequency: 2,
  issueDay: day(2024, 1, 1),
  maturityDay: day(2034, 7, 1),
};

describe('pricing from a yield', () => {
  it('prices a bond at par on a coupon day when the yield is its coupon compounded twice a year', () => {
    // 1.01925² − 1 = 3,8871%: the effective yearly yield of 3,85% paid in halves.
    const y = 1.01925 ** 2 - 1;
    expect(cleanPriceAt(btp, y, day(2026, 7, 1))).toBeCloseTo(100, 1);
  });

  it('gives back the yield it was priced at', () => {
    const settle = day(2026, 11, 24);
    for (const y of [0.02, 0.035, 0.05]) {
      const clean = cleanPriceAt(btp, y, settle);
      expect(yieldToMaturity(btp, clean, settle)).toBeCloseTo(y, 8);
    }
  });

  it('the dirty price is the clean price plus 146 of 184 days of the €1,925 coupon per 100', () => {
    const settle = day(2026, 11, 24);
    const accrued = (1.925 * 146) / 184; // 1 July to 24 November: 146 days of 184
    expect(dirtyPriceAt(btp, 0.035, settle) - cleanPriceAt(btp, 0.035, settle)).toBeCloseTo(accrued, 4);
  });

  it('a higher yield is a lower price', () => {
    const settle = day(2026, 11, 24);
    expect(cleanPriceAt(btp, 0.04, settle)).toBeLessThan(cleanPriceAt(btp, 0.035, settle));
  });
});

describe('a Nelson–Siegel curve', () => {
  const curve = { level: 0.043, slope: -0.022, curvature: -0.01, tau: 2 };
  it('starts at level + slope and rises to the level', () => {
    expect(curveYield(curve, 0)).toBeCloseTo(0.021, 4);
    expect(curveYield(curve, 1)).toBeLessThan(curveYield(curve, 10));
    expect(curveYield(curve, 200)).toBeCloseTo(0.043, 3);
  });
});

describe('a trade of €10.000 nominal at 101,235', () => {
  it('costs €10.123,50 clean plus €152,75 accrued on 24 November 2026', () => {
    const a = tradeAmounts(btp, 1_000_000n, 101_235n, day(2026, 11, 24));
    expect(a.clean).toBe(1_012_350n);
    // 19 250 cents × 146 / 184 = 15 274.46, rounded to 15 274.
    expect(a.accrued).toBe(15_274n);
    expect(a.total).toBe(1_027_624n);
  });

  it('withholds 12,5% of a gain, rounded half up, and nothing of a loss', () => {
    expect(withheldMinor(19_250n, 1250)).toBe(2_406n); // 2 406.25
    expect(withheldMinor(10_004n, 1250)).toBe(1_251n); // 1 250.5 rounds up
    expect(withheldMinor(-500n, 1250)).toBe(0n);
  });
});

describe('for any BTP, nominal and day between issue and maturity', () => {
  const bonds = fc.record({
    couponBasisPoints: fc.integer({ min: 0, max: 800 }),
    issueYear: fc.integer({ min: 2015, max: 2026 }),
    years: fc.integer({ min: 1, max: 30 }),
    month: fc.integer({ min: 1, max: 12 }),
    dayOfMonth: fc.integer({ min: 1, max: 28 }),
  });

  it('accrued interest grows day by day within a period, from 0 to less than the coupon', () => {
    fc.assert(
      fc.property(bonds, fc.integer({ min: 1, max: 500 }), fc.nat(), (b, lots, offset) => {
        const bond: Bond = {
          couponBasisPoints: b.couponBasisPoints,
          frequency: 2,
          issueDay: day(b.issueYear, b.month, b.dayOfMonth),
          maturityDay: day(b.issueYear + b.years, b.month, b.dayOfMonth),
        };
        const nominal = BigInt(lots) * 100_000n;
        const settle = bond.issueDay + (offset % (bond.maturityDay - bond.issueDay));
        const { start, end } = couponPeriod(bond, settle);
        const accrued = accruedInterestMinor(bond, nominal, settle);
        expect(accruedInterestMinor(bond, nominal, start)).toBe(0n);
        expect(accrued).toBeGreaterThanOrEqual(0n);
        expect(accrued).toBeLessThanOrEqual(couponMinor(bond, nominal));
        if (settle + 1 < end)
          expect(accruedInterestMinor(bond, nominal, settle + 1)).toBeGreaterThanOrEqual(accrued);
      }),
    );
  });
});
