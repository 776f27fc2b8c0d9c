import { describe, expect, it } from 'vitest';
import { liveAccount, livePnl } from './live-contract';

// The position of apps/server/test/stock-contract.test.ts: 100 ENI.MI long at 5:1, opened across three
// levels, 60 × 14.230 + 30 × 14.232 + 10 × 14.236 = 1,423.120; balance 997.05, margin 284.63.
const long = { side: 'long', quantity: '100', entryNotional: '1423.120' } as const;

describe('a stock contract valued at a live price, as the server values it', () => {
  it('at 14.240 the long is €0.88 up, the figure the server sent', () => {
    expect(livePnl(long, '14.240', '0.00')).toBe('0.88');
  });
  it('at 14.220 it is €1.12 down; the same position short is €1.12 up', () => {
    expect(livePnl(long, '14.220', '0.00')).toBe('-1.12');
    expect(livePnl({ ...long, side: 'short' }, '14.220', '0.00')).toBe('1.12');
  });
  it('half a cent rounds to even: 1 share long from 10.000 is €0.00 at 10.005, €0.02 at 10.015', () => {
    const one = { side: 'long', quantity: '1', entryNotional: '10.000' } as const;
    expect(livePnl(one, '10.005', '0.00')).toBe('0.00');
    expect(livePnl(one, '10.015', '0.00')).toBe('0.02');
  });
  it('nothing for a price that does not parse or has more decimals than the instrument', () => {
    expect(livePnl(long, '--', '0.00')).toBeNull();
    expect(livePnl(long, '14.2405', '0.00')).toBeNull();
  });
  it('the account at 14.240: equity 997.93, free 713.30, level 350.60 %, as the server shows it', () => {
    expect(liveAccount('997.05', '284.63', ['0.88'])).toEqual({
      equity: '997.93',
      freeMargin: '713.30',
      marginLevel: '350.60',
    });
  });
  it('at 5.682 the loss of €854.92 leaves equity 142.13 and a level of 49.93 %, below close-out', () => {
    const pnl = livePnl(long, '5.682', '0.00');
    expect(pnl).toBe('-854.92');
    expect(liveAccount('997.05', '284.63', [pnl as string])).toEqual({
      equity: '142.13',
      freeMargin: '-142.50',
      marginLevel: '49.93',
    });
  });
  it('no level without an open position', () => {
    expect(liveAccount('997.05', '0.00', [])).toEqual({
      equity: '997.05',
      freeMargin: '997.05',
      marginLevel: null,
    });
  });
});

// The perpetual of apps/server/test/coin-contract.test.ts: 0.6060 ETH long at 3,300.00 USDT, margin in
// USDT's six decimals; the server answers 60.600000 at a mark of 3,400.00.
describe('a USDT perpetual valued at a live price, as the server values it', () => {
  const eth = { side: 'long', quantity: '0.6060', entryNotional: '1999.800000' } as const;
  it('at 3,300.00 nothing, at 3,400.00 60.600000 USDT up, as the server answers', () => {
    expect(livePnl(eth, '3300.00', '1000.000000')).toBe('0.000000');
    expect(livePnl(eth, '3400.00', '1000.000000')).toBe('60.600000');
  });
  it('at 3,250.55 the long is 29.966700 down and the same short 29.966700 up', () => {
    // 0.6060 × 3,250.55 = 1,969.833300; − 1,999.800000 = −29.966700.
    expect(livePnl(eth, '3250.55', '1000.000000')).toBe('-29.966700');
    expect(livePnl({ ...eth, side: 'short' }, '3250.55', '1000.000000')).toBe('29.966700');
  });
});
