import { describe, expect, it } from 'vitest';
import { dayRuns } from './day-runs';

describe('opening days as runs', () => {
  it('joins consecutive days', () => {
    expect(dayRuns([1, 2, 3, 4, 5])).toEqual([[1, 5]]);
    expect(dayRuns([1, 3, 4, 5, 7])).toEqual([
      [1, 1],
      [3, 5],
      [7, 7],
    ]);
  });

  it('sorts and merges what it is given', () => {
    expect(dayRuns([5, 4, 4, 6])).toEqual([[4, 6]]);
    expect(dayRuns([])).toEqual([]);
  });
});
