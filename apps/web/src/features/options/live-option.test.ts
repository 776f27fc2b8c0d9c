import { describe, expect, it } from 'vitest';
import { liveOptionValue } from './live-option';

// The call of apps/server/test/options.test.ts: 2 contracts of 100 ENI.MI, strike 14.000, expiring Friday
// 18 December 2026 16:30 UTC, bought for €94.39 (volatility 22 %, EUR rate 2 %). On Tuesday 24 November at
// 9:30 UTC with ENI.MI at 15.000 the server values it at €212.22, €117.83 up.
const call = {
  right: 'call',
  strike: '14.000',
  expiresAt: Date.UTC(2026, 11, 18, 16, 30),
  contracts: 2,
  contractSize: '100',
  premium: '94.39',
  volatility: '0.22',
  rate: '0.02',
} as const;
const tuesday = Date.UTC(2026, 10, 24, 9, 30);

describe('a held option valued at a live price, as the server values it', () => {
  it('at 15.000 on Tuesday it is worth €212.22, €117.83 up, the server’s figures', () => {
    expect(liveOptionValue(call, '15.000', tuesday)).toEqual({ markValue: '212.22', pnl: '117.83' });
  });
  it('at 13.000 the call is worth €7.23; a put of the series at the same premium €203.50 (200.00 intrinsic)', () => {
    expect(liveOptionValue(call, '13.000', tuesday)).toEqual({ markValue: '7.23', pnl: '-87.16' });
    expect(liveOptionValue({ ...call, right: 'put' }, '13.000', tuesday)).toEqual({
      markValue: '203.50',
      pnl: '109.11',
    });
  });
  it('nothing for a price that does not parse or has more decimals than the strike', () => {
    expect(liveOptionValue(call, '--', tuesday)).toBeNull();
    expect(liveOptionValue(call, '15.0001', tuesday)).toBeNull();
  });
});
