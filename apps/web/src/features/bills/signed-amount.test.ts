import { describe, expect, it } from 'vitest';
import { signedAmount } from './signed-amount';

describe('a bill amount', () => {
  it('shows a credit with a plus and a debit with a minus, at least to the cent', () => {
    expect(signedAmount('1250.00', 'it-IT')).toBe('+1.250,00');
    expect(signedAmount('-12.50', 'it-IT')).toBe('-12,50');
    expect(signedAmount('0.00150000', 'en-US')).toBe('+0.0015');
  });

  it('drops the trailing zeros of a finer asset but keeps two places', () => {
    expect(signedAmount('0.01000000', 'it-IT')).toBe('+0,01');
    expect(signedAmount('-500.000000', 'it-IT')).toBe('-500,00');
    expect(signedAmount('1.00000001', 'en-US')).toBe('+1.00000001');
  });

  it('shows zero without a sign', () => {
    expect(signedAmount('0.00', 'en-US')).toBe('0.00');
  });
});
