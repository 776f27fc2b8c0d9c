import { describe, expect, it } from 'vitest';
import { signedAmount } from './signed-amount';

describe('a bill amount', () => {
  it('shows a credit with a plus and a debit with a minus, at the scale it came with', () => {
    expect(signedAmount('1250.00', 'it-IT')).toBe('+1.250,00');
    expect(signedAmount('-12.50', 'it-IT')).toBe('-12,50');
    expect(signedAmount('0.00150000', 'en-US')).toBe('+0.00150000');
  });

  it('shows zero without a sign', () => {
    expect(signedAmount('0.00', 'en-US')).toBe('0.00');
  });
});
