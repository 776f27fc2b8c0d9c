import { MACD } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { macd } from './macd';
import { alignRight, expectSeriesClose, randomBars } from './test-bars';

describe('MACD', () => {
  it('works out a small case by hand: fast 2, slow 3, signal 2', () => {
    // EMA(2) weight 2/3 from the seed 10.5: 73/6, 217/18, 757/54, 2269/162.
    // EMA(3) weight 1/2 from the seed 34/3: 35/3, 40/3, 41/3.
    // DIF: 5/6, 7/18, 37/54, 55/162. DEA seeded (5/6 + 7/18) / 2 = 11/18, then 107/162, 217/486.
    const out = macd([10, 11, 13, 12, 15, 14], 2, 3, 2);
    expectSeriesClose(out.dif, [null, null, 5 / 6, 7 / 18, 37 / 54, 55 / 162], 1e-12);
    expectSeriesClose(out.dea, [null, null, null, 11 / 18, 107 / 162, 217 / 486], 1e-12);
    // The histogram is DIF − DEA, not twice it.
    expectSeriesClose(out.histogram, [null, null, null, -2 / 9, 2 / 81, -26 / 243], 1e-12);
  });

  it('defines DIF from index 25 and DEA and the histogram from index 33 with (12, 26, 9)', () => {
    const out = macd(randomBars(1, 40).close);
    expect(out.dif.findIndex((v) => v !== null)).toBe(25);
    expect(out.dea.findIndex((v) => v !== null)).toBe(33);
    expect(out.histogram.findIndex((v) => v !== null)).toBe(33);
  });

  it('matches technicalindicators MACD(12, 26, 9) with EMAs on 600 random closes', () => {
    const { close } = randomBars(42, 600);
    const reference = MACD.calculate({
      values: close,
      fastPeriod: 12,
      slowPeriod: 26,
      signalPeriod: 9,
      SimpleMAOscillator: false,
      SimpleMASignal: false,
    });
    const ours = macd(close);
    const n = close.length;
    expectSeriesClose(
      ours.dif,
      alignRight(
        reference.map((r) => r.MACD),
        n,
      ),
    );
    expectSeriesClose(
      ours.dea,
      alignRight(
        reference.map((r) => r.signal),
        n,
      ),
    );
    expectSeriesClose(
      ours.histogram,
      alignRight(
        reference.map((r) => r.histogram),
        n,
      ),
    );
  });

  it('is flat zero for a constant price', () => {
    const out = macd(new Array<number>(50).fill(25.5));
    expect(out.histogram.slice(33)).toEqual(new Array<number>(17).fill(0));
  });

  it('refuses a fast period that is not shorter than the slow one', () => {
    expect(() => macd([1, 2, 3], 26, 12)).toThrow(RangeError);
  });
});
