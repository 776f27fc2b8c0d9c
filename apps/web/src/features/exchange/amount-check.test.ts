import { describe, expect, it } from 'vitest';
import { amountProblem, amountWire } from './amount-check';

describe('an amount typed to exchange or transfer', () => {
  it('is fine within the balance, with a comma or a point', () => {
    expect(amountProblem('100,50', 2, '250.00')).toBeNull();
    expect(amountProblem('250.00', 2, '250.00')).toBeNull();
    expect(amountWire(' 100,50 ')).toBe('100.50');
  });

  it('is refused when it is zero, not a number or finer than the asset', () => {
    expect(amountProblem('0', 2, '250.00')).toBe('exchange.amountInvalid');
    expect(amountProblem('1.234', 2, '250.00')).toBe('exchange.amountInvalid');
    expect(amountProblem('-5', 2, '250.00')).toBe('exchange.amountInvalid');
    expect(amountProblem('abc', 2, '250.00')).toBe('exchange.amountInvalid');
  });

  it('is refused above the balance, by a single cent', () => {
    expect(amountProblem('250.01', 2, '250.00')).toBe('exchange.overBalance');
  });
});
