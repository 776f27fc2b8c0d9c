import { describe, expect, it } from 'vitest';
import { displayUserId } from './display-id';

describe('displayUserId', () => {
  it.each<[number | bigint, string]>([
    [1, 'IN3652018201'],
    [42, 'IN36520182042'],
    [100000, 'IN365201820100000'],
    [0, 'IN3652018200'],
    [42n, 'IN36520182042'],
    [9007199254740993n, 'IN3652018209007199254740993'],
  ])('%s → %s', (id, shown) => {
    expect(displayUserId(id)).toBe(shown);
  });

  it.each<number | bigint>([-1, -1n, 1.5, Number.NaN, 2 ** 53])('refuses %s', (id) => {
    expect(() => displayUserId(id)).toThrow(RangeError);
  });
});
