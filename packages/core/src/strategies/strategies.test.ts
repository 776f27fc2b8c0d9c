import { describe, expect, it } from 'vitest';
import { backtest } from './backtest';
import { breakout } from './breakout';
import { meanReversion } from './mean-reversion';
import { performanceFigures, replayAmount, riskClass } from './performance';
import { type Bar, onBasket } from './strategy';
import { trendFollowing } from './trend-following';
import { volatilityTarget } from './volatility-target';

/** Bars whose high and low sit half a point either side of the close. */
const barsOf = (closes: number[]): Bar[] =>
  closes.map((close) => ({ close, high: close + 0.5, low: close - 0.5 }));

describe('trend following', () => {
  it('is in while the 2-bar average is above the 3-bar one', () => {
    // SMA2: –, 10.5, 11.5, 11.5, 10.5, 9.5; SMA3: –, –, 11, 11.33, 11, 10.
    expect(trendFollowing({ fastPeriod: 2, slowPeriod: 3 })(barsOf([10, 11, 12, 11, 10, 9]))).toEqual([
      0, 0, 1, 1, 0, 0,
    ]);
  });

  it('refuses a fast period that is not below the slow one', () => {
    expect(() => trendFollowing({ fastPeriod: 5, slowPeriod: 5 })).toThrow(RangeError);
  });
});

describe('mean reversion', () => {
  it('buys a close under the lower band with an oversold RSI and sells back at the mean', () => {
    // Bar 4: bands of 10, 10, 8 → mean 9.33, lower 8.39; RSI(2) 0 → in. Bar 5: mean of 10, 8, 9 = 9 ≤ 9 → out.
    const signal = meanReversion({ bandPeriod: 3, bandWidth: 1, rsiPeriod: 2, rsiOversold: 30 });
    expect(signal(barsOf([10, 10, 10, 10, 8, 9, 10, 11]))).toEqual([0, 0, 0, 0, 1, 0, 0, 0]);
  });
});

describe('breakout', () => {
  it('enters above the 3-bar high and leaves under the 2-bar low', () => {
    // Bar 3: 12 > 10.5 → in. Bar 5: 11 < min(11.5, 12.5) → out. Bar 6: 9 is no new high.
    expect(breakout({ entryPeriod: 3, exitPeriod: 2 })(barsOf([10, 10, 10, 12, 13, 11, 9]))).toEqual([
      0, 0, 0, 1, 1, 0, 0,
    ]);
  });
});

describe('volatility-targeted tracker', () => {
  it('scales the basket so its realised volatility would have met the target', () => {
    // Basket returns +5%, −5%: sample variance 0.005 a bar, 4 bars a year → 14.14% a year; target 10%.
    const targets = volatilityTarget(
      { A: barsOf([100, 110, 99]), B: barsOf([100, 100, 100]) },
      { baseWeights: { A: 0.5, B: 0.5 }, targetVolatility: 0.1, lookback: 2, barsPerYear: 4 },
    );
    expect(targets[0]).toEqual({});
    expect(targets[1]).toEqual({});
    expect(targets[2]?.A).toBeCloseTo(0.5 * (0.1 / Math.sqrt(0.02)), 12);
    expect(targets[2]?.B).toBeCloseTo(0.353553, 6);
  });

  it('never leverages a calm basket above fully invested', () => {
    const flat = barsOf([100, 100.01, 100, 100.01, 100]);
    const targets = volatilityTarget(
      { A: flat, B: flat },
      { baseWeights: { A: 0.5, B: 0.5 }, targetVolatility: 0.1, lookback: 2, barsPerYear: 252 },
    );
    expect(targets[4]).toEqual({ A: 0.5, B: 0.5 });
  });
});

describe('onBasket', () => {
  it('gives each instrument of the basket an equal share when its signal is in', () => {
    const targets = onBasket(trendFollowing({ fastPeriod: 2, slowPeriod: 3 }), {
      UP: barsOf([10, 11, 12, 13]),
      DOWN: barsOf([13, 12, 11, 10]),
    });
    expect(targets).toEqual([{}, {}, { UP: 0.5 }, { UP: 0.5 }]);
  });
});

describe('backtest', () => {
  it('replays a buy at 12 and a sell at 10 with a 0.1% fee at each end', () => {
    const bars = { ENI: barsOf([10, 11, 12, 11, 10, 9]) };
    const result = backtest(bars, [{}, {}, { ENI: 1 }, { ENI: 1 }, {}, {}], 0.001);
    // 1 → bought at 12 paying 0.001 → 0.999 → ×11/12 = 0.91575 → ×10/11 = 0.8325 → sold paying 0.0008325.
    expect(result.equity.map((v) => Number(v.toFixed(7)))).toEqual([
      1, 1, 0.999, 0.91575, 0.8316675, 0.8316675,
    ]);
    expect(result.periodReturns[2]).toBeCloseTo(-0.001, 12);
    expect(result.feesPaid).toBeCloseTo(0.0018325, 12);
    expect(result.roundTrips).toEqual([
      expect.objectContaining({ symbol: 'ENI', entryIndex: 2, exitIndex: 4, entryPrice: 12, exitPrice: 10 }),
    ]);
    expect(result.roundTrips[0]?.returnNet).toBeCloseTo(-0.1683325, 12);
    const compounded = result.periodReturns.reduce((v, r) => v * (1 + r), 1);
    expect(compounded).toBeCloseTo(result.equity.at(-1) ?? 0, 12);
  });

  it('pays fees only on what it trades when the weights drift', () => {
    // Half in A: A doubles, so the book holds 2/3 in A and trades back to half.
    const result = backtest({ A: barsOf([10, 20]) }, [{ A: 0.5 }, { A: 0.5 }], 0.01);
    // Bar 0: fee 0.005 → 0.995. Bar 1: 0.995 × 1.5 = 1.4925, turnover 2/3 − 1/2 = 1/6 → fee 0.0024875.
    expect(result.equity[1]).toBeCloseTo(1.4925 - 1.4925 / 6 / 100, 12);
  });
});

describe('performance figures', () => {
  it('measures +10%, −20%, +5%', () => {
    const trip = (returnNet: number) => ({
      symbol: 'X',
      entryIndex: 0,
      exitIndex: 1,
      entryPrice: 1,
      exitPrice: 1,
      returnNet,
    });
    const figures = performanceFigures([0.1, -0.2, 0.05], [trip(0.1), trip(-0.2), trip(0.05)], 3);
    expect(figures.totalReturn).toBeCloseTo(-0.076, 12);
    expect(figures.annualisedReturn).toBeCloseTo(-0.076, 12);
    // Deviations from the mean −1.67%: 11.67, −18.33, 6.67 points; sample variance 0.025833 a period.
    expect(figures.annualisedVolatility).toBeCloseTo(Math.sqrt((0.051666666666666666 / 2) * 3), 12);
    expect(figures.maxDrawdown).toBeCloseTo(0.2, 12);
    expect(figures.hitRate).toBeCloseTo(2 / 3, 12);
  });

  it('says no hit rate when no round trip has closed, rather than 0% or 100%', () => {
    expect(performanceFigures([0.01, 0.02], [], 252).hitRate).toBeNull();
    expect(performanceFigures([], [], 252).annualisedReturn).toBeNull();
  });

  it('places volatilities in the PRIIPs classes', () => {
    expect([0.004, 0.049, 0.05, 0.119, 0.19, 0.25, 0.79, 0.9].map(riskClass)).toEqual([
      1, 2, 3, 3, 4, 5, 6, 7,
    ]);
  });

  it('replays €1.000,00 over +10%, −20%, +5% to €924,00, rounded down', () => {
    expect(replayAmount(100_000n, [0.1, -0.2, 0.05])).toBe(92_400n);
    expect(replayAmount(1n, [0.5])).toBe(1n);
  });
});
