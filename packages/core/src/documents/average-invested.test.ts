import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageInvested } from './average-invested';

describe('the average invested of a costs report', () => {
  it('averages each day’s end capital from the first day money was in', () => {
    // €2,000.00 in on day 10; €500.00 out on day 12; €100.00 in on day 19; the period runs to day 19:
    // (2 × 2,000 + 7 × 1,500 + 1,600) / 10 days = 1,610.00.
    const flows = [
      { day: 10, amount: 200_000n },
      { day: 12, amount: -50_000n },
      { day: 19, amount: 10_000n },
    ];
    expect(averageInvested(flows, 1, 19)).toBe(161_000n);
  });

  it('counts money paid in before the period as its opening capital, every day of it', () => {
    expect(averageInvested([{ day: 0, amount: 36_500n }], 1, 365)).toBe(36_500n);
  });

  it('answers null when no money was in during the period', () => {
    expect(averageInvested([], 1, 31)).toBeNull();
    expect(averageInvested([{ day: 40, amount: 1_000n }], 1, 31)).toBeNull();
  });

  it('never exceeds the most capital held on any day, nor goes below zero', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 40 }),
            amount: fc.bigInt({ min: -10_000n, max: 10_000n }),
          }),
        ),
        (raw) => {
          const flows = [...raw].sort((a, b) => a.day - b.day);
          const average = averageInvested(flows, 5, 35);
          let capital = 0n;
          let most = 0n;
          for (const f of flows) {
            capital += f.amount;
            if (f.day <= 35 && capital > most) most = capital;
          }
          if (average === null) return;
          expect(average >= 0n).toBe(true);
          expect(average <= most).toBe(true);
        },
      ),
    );
  });
});
