import { describe, expect, it } from 'vitest';
import { compareDecimal, trendOf } from './decimal-order';

describe('decimal strings compare as numbers', () => {
  it.each([
    ['9.75', '10.5', -1],
    ['10.5', '10.50', 0],
    ['-1.25', '-0.5', -1],
    ['0.0001', '0', 1],
    ['123456789012345678901234.5', '123456789012345678901234.4', 1],
  ])('%s vs %s', (a, b, expected) => {
    expect(Math.sign(compareDecimal(a, b))).toBe(expected);
  });

  it('puts a missing figure after every number', () => {
    expect(compareDecimal('--', '-999')).toBeGreaterThan(0);
    expect(compareDecimal('5', '')).toBeLessThan(0);
    expect(compareDecimal('--', '')).toBe(0);
  });
});

describe('the trend of a change decides its colour', () => {
  it.each([
    ['1.68', 'up'],
    ['-0.01', 'down'],
    ['0.00', 'flat'],
    ['-0', 'flat'],
    ['--', 'flat'],
    [undefined, 'flat'],
  ] as const)('%s is %s', (change, trend) => {
    expect(trendOf(change)).toBe(trend);
  });
});
