import { describe, expect, it } from 'vitest';
import {
  accruedInterestMinor,
  type Bond,
  couponDays,
  couponMinor,
  couponPeriod,
  yieldToMaturity,
} from './bond-math';

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;

// A BTP paying 3,50% a year in two coupons, 1 February and 1 August, maturing 1 August 2030.
const btp: Bond = {
  couponBasisPoints: 350,
  frequency: 2,
  issueDay: day(2020, 2, 1),
  maturityDay: day(2030, 8, 1),
};

describe('a BTP 3,50% 1/8/2030', () => {
  it('pays €175,00 on €10.000 nominal every 1 February and 1 August', () => {
    const days = couponDays(btp);
    expect(days[0]).toBe(day(2020, 8, 1));
    expect(days.at(-1)).toBe(day(2030, 8, 1));
    expect(days).toHaveLength(21);
    expect(couponMinor(btp, 1_000_000n)).toBe(17_500n);
  });

  it('bought on 24 November 2026 carries 115 of 184 days of the coupon: €109,38 accrued', () => {
    expect(couponPeriod(btp, day(2026, 11, 24))).toEqual({ start: day(2026, 8, 1), end: day(2027, 2, 1) });
    // 17 500 × 115 / 184 = 10 937.5 cents, rounded half up.
    expect(accruedInterestMinor(btp, 1_000_000n, day(2026, 11, 24))).toBe(10_938n);
    expect(accruedInterestMinor(btp, 1_000_000n, day(2026, 8, 1))).toBe(0n);
  });

  it('yields about 3,53% a year gross at par and about 3,09% net of the 12,5%', () => {
    const gross = yieldToMaturity(btp, 100, day(2026, 11, 24));
    expect(gross).toBeGreaterThan(0.0351);
    expect(gross).toBeLessThan(0.0355);
    const net = yieldToMaturity(btp, 100, day(2026, 11, 24), { taxRate: 0.125 });
    expect(net).toBeGreaterThan(0.0306);
    expect(net).toBeLessThan(0.0311);
    // Bought below par, the yield is above the coupon's; the gain at redemption is taxed too.
    expect(yieldToMaturity(btp, 95, day(2026, 11, 24))).toBeGreaterThan(gross + 0.01);
  });

  it('refuses a settlement after maturity', () => {
    expect(() => couponPeriod(btp, day(2030, 8, 1))).toThrow(RangeError);
  });
});

describe('a 12-month BOT', () => {
  const bot: Bond = {
    couponBasisPoints: 0,
    frequency: 0,
    issueDay: day(2026, 11, 13),
    maturityDay: day(2027, 11, 12),
  };

  it('pays no coupon, accrues nothing, and yields (100 ÷ price)^(365 ÷ days) − 1', () => {
    expect(couponMinor(bot, 1_000_000n)).toBe(0n);
    expect(accruedInterestMinor(bot, 1_000_000n, day(2026, 11, 24))).toBe(0n);
    const days = day(2027, 11, 12) - day(2026, 11, 24);
    expect(yieldToMaturity(bot, 97.5, day(2026, 11, 24))).toBeCloseTo((100 / 97.5) ** (365 / days) - 1, 9);
  });
});
