import { describe, expect, it } from 'vitest';
import { liveValue } from './live-value';

describe('a holding valued at a live price', () => {
  it('100 ENI.MI bought for €1,427.95 with the fee are worth €1,430.00 at 14.300: €2.05 up', () => {
    expect(liveValue('100', '14.300', '1427.95')).toEqual({ marketValue: '1430.00', pnl: '2.05' });
  });
  it('at 14.100 they are worth €1,410.00: €17.95 down', () => {
    expect(liveValue('100', '14.100', '1427.95')).toEqual({ marketValue: '1410.00', pnl: '-17.95' });
  });
  it('half a cent rounds to even: 1 share at 0.265 is €0.26, at 0.275 €0.28', () => {
    expect(liveValue('1', '0.265', '0.00')?.marketValue).toBe('0.26');
    expect(liveValue('1', '0.275', '0.00')?.marketValue).toBe('0.28');
  });
  it('nothing for a figure that does not parse', () => {
    expect(liveValue('100', '--', '1.00')).toBeNull();
  });
});
