import { describe, expect, it } from 'vitest';
import { dayStream, fatTailed, normal, Purpose, symbolKey, uniform } from './hash-random';

function moments(draw: (i: number) => number, n = 200_000) {
  let sum = 0;
  let sum2 = 0;
  let sum4 = 0;
  for (let i = 0; i < n; i++) {
    const x = draw(i);
    sum += x;
    sum2 += x * x;
    sum4 += x ** 4;
  }
  const mean = sum / n;
  const variance = sum2 / n - mean * mean;
  return { mean, variance, kurtosis: sum4 / n / variance ** 2 };
}

describe('counter-based randomness', () => {
  const stream = dayStream(symbolKey(1, 'ENI.MI'), 20_000);

  it('is a pure function of its inputs', () => {
    expect(uniform(stream, 5, Purpose.minuteStep)).toBe(uniform(stream, 5, Purpose.minuteStep));
    expect(uniform(stream, 5, Purpose.minuteStep)).not.toBe(uniform(stream, 6, Purpose.minuteStep));
    expect(uniform(stream, 5, Purpose.minuteStep)).not.toBe(uniform(stream, 5, Purpose.minuteHigh));
    expect(symbolKey(1, 'ENI.MI')).not.toBe(symbolKey(2, 'ENI.MI'));
    expect(symbolKey('a', 'ENI.MI')).not.toBe(symbolKey('b', 'ENI.MI'));
  });

  it('uniforms are in (0, 1) with mean ½ and variance 1/12', () => {
    const m = moments((i) => {
      const u = uniform(stream, i, Purpose.dailyReturn);
      expect(u > 0 && u < 1).toBe(true);
      return u;
    });
    expect(m.mean).toBeCloseTo(0.5, 2);
    expect(m.variance).toBeCloseTo(1 / 12, 2);
  });

  it('normals have unit variance and kurtosis 3; the fat-tailed draws unit variance and more', () => {
    const n = moments((i) => normal(stream, i, Purpose.dailyReturn));
    expect(n.mean).toBeCloseTo(0, 1);
    expect(n.variance).toBeCloseTo(1, 1);
    expect(n.kurtosis).toBeCloseTo(3, 0);
    const t = moments((i) => fatTailed(stream, i, Purpose.dailyReturn));
    expect(t.mean).toBeCloseTo(0, 1);
    expect(Math.abs(t.variance - 1)).toBeLessThan(0.05);
    expect(t.kurtosis).toBeGreaterThan(5);
  });
});
