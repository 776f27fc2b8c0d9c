import fc from 'fast-check';
import { EMA, SMA } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { averageDefined, ema, sma } from './moving-average';
import { alignRight, closesArbitrary, expectSeriesClose, randomBars } from './test-bars';

const { close } = randomBars(20261121, 600);

describe('SMA', () => {
  it('averages the last `period` values, from index period − 1', () => {
    expect(sma([2, 4, 6, 8, 3], 3)).toEqual([null, null, 4, 6, 17 / 3]);
    expect(sma([2, 4, 6], 1)).toEqual([2, 4, 6]);
    expect(sma([2, 4], 3)).toEqual([null, null]);
    expect(sma([], 5)).toEqual([]);
  });

  it.each([5, 10, 20, 30])('matches technicalindicators SMA(%i) on 600 random closes', (period) => {
    expectSeriesClose(sma(close, period), alignRight(SMA.calculate({ period, values: close }), close.length));
  });

  it('of a constant is the constant, whatever the constant', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 120 }),
        (value, period, length) => {
          const out = sma(new Array<number>(length).fill(value), period);
          // === rather than toBe, which tells 0 from −0: both are the constant here.
          for (const v of out.slice(period - 1)) expect(v === value, `SMA of ${value}`).toBe(true);
        },
      ),
    );
  });

  it('stays between the lowest and the highest value of its window', () => {
    fc.assert(
      fc.property(closesArbitrary, fc.integer({ min: 1, max: 30 }), (values, period) => {
        sma(values, period).forEach((v, i) => {
          if (v === null) return;
          const window = values.slice(i - period + 1, i + 1);
          expect(v).toBeGreaterThanOrEqual(Math.min(...window) * (1 - 1e-12));
          expect(v).toBeLessThanOrEqual(Math.max(...window) * (1 + 1e-12));
        });
      }),
    );
  });

  it('refuses a period that is not a positive integer', () => {
    expect(() => sma([1, 2, 3], 0)).toThrow(RangeError);
    expect(() => sma([1, 2, 3], 2.5)).toThrow(RangeError);
  });
});

describe('EMA', () => {
  it('weighs 2 / (period + 1) from an SMA seed', () => {
    // Seed at index 2: (2 + 4 + 6) / 3 = 4; weight 1/2: 4 + (8 − 4)/2 = 6; 6 + (3 − 6)/2 = 4.5.
    expect(ema([2, 4, 6, 8, 3], 3)).toEqual([null, null, 4, 6, 4.5]);
    expect(ema([2, 4], 3)).toEqual([null, null]);
  });

  it.each([5, 10, 12, 26, 30])('matches technicalindicators EMA(%i) on 600 random closes', (period) => {
    expectSeriesClose(ema(close, period), alignRight(EMA.calculate({ period, values: close }), close.length));
  });

  it('of a constant is the constant', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 1e6, noNaN: true }),
        fc.integer({ min: 1, max: 40 }),
        (value, period) => {
          for (const v of ema(new Array<number>(80).fill(value), period).slice(period - 1))
            expect(v).toBe(value);
        },
      ),
    );
  });
});

describe('averageDefined', () => {
  it('averages the defined tail and keeps the leading nulls', () => {
    expect(averageDefined([null, null, 2, 4, 6], 2, sma)).toEqual([null, null, null, 3, 5]);
    expect(averageDefined([null, null], 2, sma)).toEqual([null, null]);
  });

  it('refuses a gap after the first value, which would misalign every later value', () => {
    expect(() => averageDefined([1, null, 3], 2, sma)).toThrow(RangeError);
  });
});
