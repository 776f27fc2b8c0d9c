import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CreditFacts, creditScore } from './credit-score';
import { dailyAccrualMinor, interestToDateMinor } from './interest';
import { taegRate, taegTenthsOfPercent } from './taeg';

describe('loan interest', () => {
  it('charges €9,86 on €1.000,00 at 12% for 30 days, €3,28 repaid on day 10, €1,64 withdrawn on day 5', () => {
    // 100 000 × 0.12 × 30 / 365 = 986.30 cents, rounded down.
    expect(interestToDateMinor(100_000n, 1200, 30)).toBe(986n);
    expect(interestToDateMinor(100_000n, 1200, 10)).toBe(328n);
    expect(interestToDateMinor(100_000n, 1200, 5)).toBe(164n);
    expect(interestToDateMinor(100_000n, 1200, 0)).toBe(0n);
  });

  it('books 32 cents on day 1 and 33 on day 2 so that the days add up to the interest owed', () => {
    expect(dailyAccrualMinor(100_000n, 1200, 1)).toBe(32n);
    expect(dailyAccrualMinor(100_000n, 1200, 2)).toBe(33n);
    let booked = 0n;
    for (let day = 1; day <= 30; day++) booked += dailyAccrualMinor(100_000n, 1200, day);
    expect(booked).toBe(986n);
  });

  it('for any loan, the daily accruals to any day sum to principal × rate / 365 × days, rounded down', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000_00n }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 730 }),
        (principal, rate, days) => {
          let booked = 0n;
          for (let day = 1; day <= days; day++) {
            const accrual = dailyAccrualMinor(principal, rate, day);
            expect(accrual).toBeGreaterThanOrEqual(0n);
            booked += accrual;
          }
          expect(booked).toBe((principal * BigInt(rate) * BigInt(days)) / 3_650_000n);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses negative principal, fractional basis points and day 0', () => {
    expect(() => interestToDateMinor(-1n, 1200, 1)).toThrow(RangeError);
    expect(() => interestToDateMinor(1n, 12.5, 1)).toThrow(RangeError);
    expect(() => dailyAccrualMinor(1n, 1200, 0)).toThrow(RangeError);
  });
});

describe('TAEG', () => {
  it('is 12,7% for €1.000,00 drawn and €1.009,86 repaid after 30 days', () => {
    // (100 986 / 100 000)^(365/30) − 1 = 12.679%.
    const rate = taegRate([{ day: 0, amountMinor: 100_000n }], [{ day: 30, amountMinor: 100_986n }]);
    expect(rate).toBeCloseTo(0.1267932574, 9);
    expect(taegTenthsOfPercent(rate)).toBe(127);
  });

  it('is 0 when nothing is charged and counts an upfront fee as a cost', () => {
    expect(taegRate([{ day: 0, amountMinor: 100_000n }], [{ day: 365, amountMinor: 100_000n }])).toBeCloseTo(
      0,
      9,
    );
    // €1.000 at 12% for a year with a €10 fee kept at drawdown: €990 in hand, €1.120 back.
    const rate = taegRate([{ day: 0, amountMinor: 99_000n }], [{ day: 365, amountMinor: 112_000n }]);
    expect(rate).toBeCloseTo(112_000 / 99_000 - 1, 9);
  });

  it('rounds to a tenth of a percent as Annex I says', () => {
    expect(taegTenthsOfPercent(0.12649)).toBe(126);
    expect(taegTenthsOfPercent(0.1265)).toBe(127);
  });

  it('refuses repayments below the drawdowns', () => {
    expect(() => taegRate([{ day: 0, amountMinor: 100n }], [{ day: 30, amountMinor: 99n }])).toThrow(
      RangeError,
    );
  });
});

describe('credit score', () => {
  const facts: CreditFacts = {
    kycVerified: true,
    accountAgeDays: 95,
    depositsCount: 2,
    loansRepaidOnTime: 1,
    loansRepaidLate: 0,
    daysOverdue: 0,
  };

  it('is not yet rated without a verified identity or any history', () => {
    expect(creditScore({ ...facts, kycVerified: false }).score).toBeNull();
    expect(creditScore({ ...facts, depositsCount: 0, loansRepaidOnTime: 0 }).score).toBeNull();
  });

  it('adds its factors: 25 identity + 9 tenure + 8 deposits + 10 repaid = 52', () => {
    const result = creditScore(facts);
    expect(result.factors.map((f) => [f.key, f.points])).toEqual([
      ['identity', 25],
      ['tenure', 9],
      ['deposits', 8],
      ['repaidOnTime', 10],
      ['repaidLate', 0],
      ['overdue', 0],
    ]);
    expect(result.score).toBe(52);
  });

  it('takes 2 points a day overdue and shows an operator adjustment apart, within 0–100', () => {
    expect(creditScore({ ...facts, daysOverdue: 7 }).score).toBe(38);
    expect(creditScore(facts, 10)).toMatchObject({ score: 62, adjustment: 10 });
    expect(creditScore({ ...facts, daysOverdue: 90 }, -50).score).toBe(0);
    expect(
      creditScore({ ...facts, depositsCount: 9, loansRepaidOnTime: 6, accountAgeDays: 900 }, 20).score,
    ).toBe(100);
  });
});
