import { describe, expect, it } from 'vitest';
import { previewBlock } from './block-preview';

const block = { price: '15.42', minQuantity: '100', quantityLeft: '800' };

describe('previewBlock', () => {
  it('reads the quantity as the language writes it and prices it at the block’s price', () => {
    expect(previewBlock('200', 'it-IT', block, '10000.00')).toEqual({
      quantity: 200,
      amount: '3084.00',
      problem: null,
    });
    expect(previewBlock('1.000', 'it-IT', { ...block, quantityLeft: '5000' }, '100000.00')).toEqual({
      quantity: 1000,
      amount: '15420.00',
      problem: null,
    });
    expect(previewBlock('1,000', 'en-US', { ...block, quantityLeft: '5000' }, '100000.00').quantity).toBe(
      1000,
    );
  });

  it('names what is wrong: not a number, below the minimum, above what is left or what the account holds', () => {
    expect(previewBlock('12,5', 'it-IT', block, '0').problem).toBe('notNumber');
    expect(previewBlock('50', 'it-IT', block, '10000.00').problem).toBe('belowMin');
    expect(previewBlock('900', 'it-IT', block, '100000.00').problem).toBe('aboveLeft');
    expect(previewBlock('700', 'it-IT', block, '1000.00')).toMatchObject({
      amount: '10794.00',
      problem: 'aboveCash',
    });
  });
});
