import fc from 'fast-check';
import { Stochastic, WEMA } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { kdj } from './kdj';
import { alignRight, barsArbitrary, expectSeriesClose, randomBars } from './test-bars';

describe('KDJ', () => {
  it('works out a small case by hand: period 3, smoothing 3 and 3', () => {
    // i=2: range 8..12, close 10 → RSV 50; K = (2·50 + 50)/3 = 50; D = 50; J = 50.
    // i=3: range 9..13, close 12 → RSV 75; K = (100 + 75)/3 = 175/3; D = (100 + 175/3)/3 = 475/9.
    // i=4: range 9..14, close 11 → RSV 40; K = (350/3 + 40)/3 = 470/9; D = (950/9 + 470/9)/3 = 1420/27.
    const out = kdj(
      { high: [10, 12, 11, 13, 14], low: [8, 9, 9, 10, 11], close: [9, 11, 10, 12, 11] },
      3,
      3,
      3,
    );
    expectSeriesClose(out.rsv, [null, null, 50, 75, 40], 1e-12);
    expectSeriesClose(out.k, [null, null, 50, 175 / 3, 470 / 9], 1e-12);
    expectSeriesClose(out.d, [null, null, 50, 475 / 9, 1420 / 27], 1e-12);
    expectSeriesClose(out.j, [null, null, 50, 625 / 9, 1390 / 27], 1e-12);
  });

  const bars = randomBars(99, 600);
  const ours = kdj(bars);
  const n = bars.close.length;

  it('has an RSV equal to the %K of technicalindicators Stochastic(9)', () => {
    const reference = Stochastic.calculate({ ...bars, period: 9, signalPeriod: 3 });
    expectSeriesClose(
      ours.rsv,
      alignRight(
        reference.map((r) => r.k),
        n,
      ),
    );
  });

  /*
   * The Western slow stochastic's %D is a 3-bar SMA of %K; the KDJ's K and D are running averages with
   * weight 1/3 instead, which is Wilder's smoothing (technicalindicators WEMA(3)). WEMA starts from the mean
   * of its first three inputs and KDJ from 50; the difference shrinks by 2/3 a bar, so after 80 bars the two
   * agree to well under 1e-9.
   */
  const settled = 8 + 80;

  it('has a K equal, once settled, to Wilder smoothing of the RSV (technicalindicators WEMA(3))', () => {
    const rsv = ours.rsv.filter((v) => v !== null);
    const reference = alignRight(WEMA.calculate({ period: 3, values: rsv }), n);
    expectSeriesClose(ours.k.slice(settled), reference.slice(settled));
  });

  it('has a D equal, once settled, to Wilder smoothing of K', () => {
    const k = ours.k.filter((v) => v !== null);
    const reference = alignRight(WEMA.calculate({ period: 3, values: k }), n);
    expectSeriesClose(ours.d.slice(settled), reference.slice(settled));
  });

  it('keeps J = 3K − 2D, with RSV, K and D within 0–100', () => {
    fc.assert(
      fc.property(barsArbitrary, (drawn) => {
        const { rsv, k, d, j } = kdj(drawn);
        for (const [i, kv] of k.entries()) {
          if (kv === null) {
            expect([rsv[i], d[i], j[i]]).toEqual([null, null, null]);
            continue;
          }
          const dv = d[i]!;
          expect(j[i]).toBeCloseTo(3 * kv - 2 * dv, 9);
          for (const v of [rsv[i]!, kv, dv]) {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(100 + 1e-9);
          }
        }
      }),
    );
  });

  it('shows a market that stands still at 50, not a division by zero', () => {
    const flat = new Array<number>(12).fill(3.2);
    const out = kdj({ high: flat, low: flat, close: flat });
    expect(out.k.slice(8)).toEqual([50, 50, 50, 50]);
    expect(out.j.slice(8)).toEqual([50, 50, 50, 50]);
    // Where we depart from technicalindicators on purpose: it puts a flat window's %K at 0, the bottom of
    // the range, which would read as oversold.
    const reference = Stochastic.calculate({
      high: flat,
      low: flat,
      close: flat,
      period: 9,
      signalPeriod: 3,
    });
    expect(reference[0]!.k).toBe(0);
    expect(out.rsv[8]).toBe(50);
  });

  it('refuses highs, lows and closes of different lengths', () => {
    expect(() => kdj({ high: [1, 2], low: [1], close: [1, 2] })).toThrow(RangeError);
  });
});
