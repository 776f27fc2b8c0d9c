import { describe, expect, it } from 'vitest';
import { orderTone } from './robot-figures';

describe('orderTone', () => {
  it('marks a running subscription, one being paid back and one returned', () => {
    expect(orderTone('active')).toBe('active');
    expect(orderTone('redeeming')).toBe('amber');
    expect(orderTone('returned')).toBe('badge');
  });
});
