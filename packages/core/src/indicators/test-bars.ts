import fc from 'fast-check';
import { expect } from 'vitest';
import type { Series } from './series';

/*
 * What the indicator tests share: price bars to feed both our indicators and the independent
 * implementation, and a comparison that says at which index two series part.
 */

export interface Bars {
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

/**
 * A reproducible random walk of `count` bars from `seed` (mulberry32): closes move by up to ±2 % with an
 * occasional ±8 % jump, highs and lows straddle the close, volumes vary tenfold.
 */
export function randomBars(seed: number, count: number, start = 100): Bars {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const bars: Bars = { high: [], low: [], close: [], volume: [] };
  let price = start;
  for (let i = 0; i < count; i++) {
    const jump = next() < 0.03 ? 4 : 1;
    price *= 1 + (next() - 0.5) * 0.04 * jump;
    bars.close.push(price);
    bars.high.push(price * (1 + next() * 0.01));
    bars.low.push(price * (1 - next() * 0.01));
    bars.volume.push(Math.round(1000 + next() * 9000));
  }
  return bars;
}

/** Closes as fast-check draws them: positive prices a chart could show, from 1 to 200 of them. */
export const closesArbitrary = fc.array(fc.double({ min: 0.01, max: 100_000, noNaN: true }), {
  minLength: 1,
  maxLength: 200,
});

/** Bars as fast-check draws them: each bar's low ≤ close ≤ high. */
export const barsArbitrary = fc
  .array(
    fc.record({
      low: fc.double({ min: 1, max: 1000, noNaN: true }),
      up: fc.double({ min: 0, max: 1, noNaN: true }),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    { minLength: 1, maxLength: 200 },
  )
  .map((drawn) => ({
    low: drawn.map((b) => b.low),
    high: drawn.map((b) => b.low * (1 + b.up)),
    close: drawn.map((b) => b.low * (1 + b.up * b.at)),
  }));

/** The independent implementation's output, which starts at its first defined value, aligned to ours. */
export function alignRight(values: readonly (number | undefined)[], length: number): Series {
  const padded: Series = new Array<null>(length - values.length).fill(null);
  for (const v of values) padded.push(v ?? null);
  return padded;
}

/** Asserts two series are defined at the same indices and agree within `tolerance` (relative above 1). */
export function expectSeriesClose(actual: Series, expected: Series, tolerance = 1e-9): void {
  expect(actual).toHaveLength(expected.length);
  for (let i = 0; i < expected.length; i++) {
    const a = actual[i] ?? null;
    const e = expected[i] ?? null;
    if (a === null || e === null) {
      expect({ index: i, value: a }).toEqual({ index: i, value: e });
      continue;
    }
    const allowed = tolerance * Math.max(1, Math.abs(e));
    if (Math.abs(a - e) > allowed) expect({ index: i, value: a }).toEqual({ index: i, value: e });
  }
}
