import { describe, expect, it } from 'vitest';
import { amountWireText, readAmountInput } from './amount-input';

describe('a typed amount', () => {
  it('reads the Italian decimal comma and the English point alike', () => {
    expect(readAmountInput('150,50', 2)).toBe(15050n);
    expect(readAmountInput('150.50', 2)).toBe(15050n);
    expect(readAmountInput(' 1000 ', 2)).toBe(100000n);
    expect(amountWireText('150,5', 2)).toBe('150.5');
  });

  it('refuses what is not an amount at the scale', () => {
    for (const typed of ['', '1.000,50', '1,000,50', '-5', '1e3', '12,345', 'abc', ',5']) {
      expect(readAmountInput(typed, 2), typed).toBeNull();
      expect(amountWireText(typed, 2), typed).toBeNull();
    }
  });

  it('keeps the scale of the asset: six decimals for USDT', () => {
    expect(readAmountInput('0,000001', 6)).toBe(1n);
    expect(readAmountInput('0,0000001', 6)).toBeNull();
  });
});
