import fc from 'fast-check';
import { BollingerBands } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { boll } from './bollinger';
import { alignRight, closesArbitrary, expectSeriesClose, randomBars } from './test-bars';

describe('BOLL', () => {
  it('puts the bands two population deviations either side of the SMA', () => {
    // Mean 3; squared deviations 4 + 1 + 0 + 1 + 4 = 10; population variance 10 / 5 = 2.
    const bands = boll([1, 2, 3, 4, 5], 5);
    expect(bands.middle).toEqual([null, null, null, null, 3]);
    expect(bands.upper[4]).toBeCloseTo(3 + 2 * Math.SQRT2, 12);
    expect(bands.lower[4]).toBeCloseTo(3 - 2 * Math.SQRT2, 12);
    expect(bands.upper.slice(0, 4)).toEqual([null, null, null, null]);
  });

  it('has no width where prices stand still', () => {
    const bands = boll(new Array<number>(25).fill(14.236));
    expect(bands.upper[24]).toBe(14.236);
    expect(bands.middle[24]).toBe(14.236);
    expect(bands.lower[24]).toBe(14.236);
  });

  it('matches technicalindicators BollingerBands(20, 2) on 600 random closes', () => {
    const { close } = randomBars(7, 600);
    const reference = BollingerBands.calculate({ period: 20, stdDev: 2, values: close });
    const ours = boll(close);
    const n = close.length;
    expectSeriesClose(
      ours.middle,
      alignRight(
        reference.map((b) => b.middle),
        n,
      ),
    );
    expectSeriesClose(
      ours.upper,
      alignRight(
        reference.map((b) => b.upper),
        n,
      ),
    );
    expectSeriesClose(
      ours.lower,
      alignRight(
        reference.map((b) => b.lower),
        n,
      ),
    );
  });

  it('keeps upper ≥ middle ≥ lower, for any closes and period', () => {
    fc.assert(
      fc.property(closesArbitrary, fc.integer({ min: 1, max: 30 }), (closes, period) => {
        const { middle, upper, lower } = boll(closes, period);
        for (const [i, m] of middle.entries()) {
          if (m === null) {
            expect([upper[i], lower[i]]).toEqual([null, null]);
            continue;
          }
          expect(upper[i]).toBeGreaterThanOrEqual(m);
          expect(m).toBeGreaterThanOrEqual(lower[i]!);
        }
      }),
    );
  });
});
