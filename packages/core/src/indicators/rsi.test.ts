import fc from 'fast-check';
import { AverageGain, AverageLoss, RSI } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { rsi } from './rsi';
import { alignRight, closesArbitrary, expectSeriesClose, randomBars } from './test-bars';

describe('RSI', () => {
  it('works out a small case by hand: period 3', () => {
    // Changes +1, −1, +2, 0, −3. At i=3: gain (1+0+2)/3 = 1, loss 1/3 → 100·1/(4/3) = 75.
    // i=4: gain 2/3, loss 2/9 → 75. i=5: gain 4/9, loss (4/9 + 3)/3 = 31/27 → 100·(12/27)/(43/27) = 1200/43.
    expectSeriesClose(rsi([10, 11, 10, 12, 12, 9], 3), [null, null, null, 75, 75, 1200 / 43], 1e-12);
  });

  const { close } = randomBars(314, 600);

  it('matches technicalindicators RSI(14), which rounds to 2 decimals, on 600 random closes', () => {
    const reference = alignRight(RSI.calculate({ period: 14, values: close }), close.length);
    expect(reference.findIndex((v) => v !== null)).toBe(14);
    const ours = rsi(close);
    for (const [i, v] of ours.entries()) {
      if (v === null) {
        expect(reference[i]).toBeNull();
        continue;
      }
      // Rounding to 2 decimals moves a value by at most 0.005.
      expect(Math.abs(v - reference[i]!)).toBeLessThanOrEqual(0.005 + 1e-9);
    }
  });

  it('matches, unrounded, the RSI of technicalindicators Wilder average gain and loss', () => {
    const gain = AverageGain.calculate({ period: 14, values: close });
    const loss = AverageLoss.calculate({ period: 14, values: close });
    const reference = alignRight(
      gain.map((g, i) => 100 - 100 / (1 + g / loss[i]!)),
      close.length,
    );
    expectSeriesClose(rsi(close), reference);
  });

  it('stays within 0–100 for any closes', () => {
    fc.assert(
      fc.property(closesArbitrary, fc.integer({ min: 1, max: 20 }), (closes, period) => {
        for (const v of rsi(closes, period)) {
          if (v === null) continue;
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it('is 100 when prices only rise, 0 when they only fall, 50 when they stand still', () => {
    const rising = Array.from({ length: 20 }, (_, i) => 10 + i);
    expect(rsi(rising).slice(14)).toEqual([100, 100, 100, 100, 100, 100]);
    expect(rsi([...rising].reverse()).slice(14)).toEqual([0, 0, 0, 0, 0, 0]);
    const flat = new Array<number>(16).fill(7);
    expect(rsi(flat).slice(14)).toEqual([50, 50]);
    // Where we depart from technicalindicators on purpose: it calls a market with no change overbought.
    expect(RSI.calculate({ period: 14, values: flat })).toEqual([100, 100]);
  });

  it('is not defined until 14 changes exist', () => {
    expect(rsi(close.slice(0, 14))).toEqual(new Array<null>(14).fill(null));
  });
});
