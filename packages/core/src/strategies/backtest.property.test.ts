import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backtest } from './backtest';
import { breakout } from './breakout';
import { meanReversion } from './mean-reversion';
import { performanceFigures } from './performance';
import { type Bar, onBasket } from './strategy';
import { trendFollowing } from './trend-following';

const pathArb = fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), { minLength: 2, maxLength: 120 });
const toBars = (moves: number[]): Bar[] => {
  let close = 100;
  return moves.map((m) => {
    close *= 1 + m;
    return { close, high: close * 1.01, low: close * 0.99 };
  });
};

describe('backtest over random paths', () => {
  it('compounds its period returns to its last value, stays positive and keeps fees within turnover', () => {
    const signals = [
      trendFollowing({ fastPeriod: 2, slowPeriod: 5 }),
      meanReversion({ bandPeriod: 5, bandWidth: 1, rsiPeriod: 3, rsiOversold: 40 }),
      breakout({ entryPeriod: 4, exitPeriod: 2 }),
    ];
    fc.assert(
      fc.property(
        pathArb,
        pathArb,
        fc.integer({ min: 0, max: 2 }),
        fc.double({ min: 0, max: 0.01, noNaN: true }),
        (a, b, k, fee) => {
          const n = Math.min(a.length, b.length);
          const bars = { A: toBars(a.slice(0, n)), B: toBars(b.slice(0, n)) };
          const signal = signals[k] ?? signals[0];
          if (!signal) return;
          const targets = onBasket(signal, bars);
          for (const t of targets)
            expect(Object.values(t).reduce((s, w) => s + w, 0)).toBeLessThanOrEqual(1 + 1e-12);
          const result = backtest(bars, targets, fee);
          const compounded = result.periodReturns.reduce((v, r) => v * (1 + r), 1);
          expect(compounded).toBeCloseTo(result.equity.at(-1) ?? 1, 9);
          for (const v of result.equity) expect(v).toBeGreaterThan(0);
          expect(result.feesPaid).toBeGreaterThanOrEqual(0);
          const figures = performanceFigures(result.periodReturns, result.roundTrips, 252);
          expect(figures.maxDrawdown).toBeGreaterThanOrEqual(0);
          expect(figures.maxDrawdown).toBeLessThan(1);
          if (figures.hitRate !== null) expect(figures.hitRate).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});
