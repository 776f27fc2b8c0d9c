import { describe, expect, it } from 'vitest';
import { levelProblem } from './tpsl-levels';

describe('a take-profit or stop-loss level typed beside the last price 14.240', () => {
  it('takes a take profit above it and a stop loss below it, or nothing', () => {
    expect(levelProblem('15', '14.240', 'above')).toBeNull();
    expect(levelProblem('14.242', '14.240', 'above')).toBeNull();
    expect(levelProblem('13.5', '14.240', 'below')).toBeNull();
    expect(levelProblem('', '14.240', 'below')).toBeNull();
  });

  it('names the side a level equal to the price or beyond it is on the wrong side of', () => {
    expect(levelProblem('14.240', '14.240', 'above')).toBe('above');
    expect(levelProblem('14', '14.240', 'above')).toBe('above');
    expect(levelProblem('14.240', '14.240', 'below')).toBe('below');
    expect(levelProblem('15', '14.240', 'below')).toBe('below');
  });

  it('refuses what is not a price above 0', () => {
    expect(levelProblem('0', '14.240', 'below')).toBe('format');
    expect(levelProblem('abc', '14.240', 'above')).toBe('format');
    expect(levelProblem('1.2.3', '14.240', 'above')).toBe('format');
  });
});
