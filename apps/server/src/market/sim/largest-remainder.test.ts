import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateLargestRemainder } from './largest-remainder';

describe('largest-remainder allocation', () => {
  it('gives the leftover units to the largest remainders, ties to the earlier part', () => {
    expect([...allocateLargestRemainder(10, new Float64Array([1, 1, 1]))]).toEqual([4, 3, 3]);
    expect([...allocateLargestRemainder(7, new Float64Array([0.5, 0.3, 0.2]))]).toEqual([4, 2, 1]);
    expect([...allocateLargestRemainder(0, new Float64Array([1, 2]))]).toEqual([0, 0]);
  });

  it('parts are whole, sum to the total, and each is within one unit of its share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 45 }),
        fc.array(fc.double({ min: 0.001, max: 1000, noNaN: true }), { minLength: 1, maxLength: 1500 }),
        (total, weightList) => {
          const weights = Float64Array.from(weightList);
          const parts = allocateLargestRemainder(total, weights);
          const weightSum = weightList.reduce((s, w) => s + w, 0);
          let sum = 0;
          for (let i = 0; i < parts.length; i++) {
            expect(Number.isInteger(parts[i])).toBe(true);
            expect(Math.abs(parts[i]! - (total * weights[i]!) / weightSum)).toBeLessThan(1 + total * 1e-12);
            sum += parts[i]!;
          }
          expect(sum).toBe(total);
        },
      ),
      { numRuns: 200 },
    );
  });
});
