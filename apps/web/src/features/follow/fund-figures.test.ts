import { describe, expect, it } from 'vitest';
import { followingsOf, followingTone, profitTotals, rowKeys } from './fund-figures';

const line = (orderId: number, currency: string, value: string, unrealised: string, realised: string) => ({
  orderId,
  fundId: 1,
  currency,
  value,
  unrealised,
  realised,
});

describe('profitTotals', () => {
  it('adds the held value, the unrealised and the realised profit per currency, to the cent', () => {
    // Two followings held (€9,949.08 and €9,793.52, down €50.92 and €206.48) and one paid back €12.30 up.
    const totals = profitTotals([
      line(6, 'EUR', '9949.08', '-50.92', '0.00'),
      line(5, 'EUR', '9793.52', '-206.48', '0.00'),
      line(3, 'EUR', '0.00', '0.00', '12.30'),
      line(2, 'USD', '1100.10', '100.10', '0.00'),
    ]);
    expect(totals).toEqual([
      { currency: 'EUR', value: '19742.60', unrealised: '-257.40', realised: '12.30' },
      { currency: 'USD', value: '1100.10', unrealised: '100.10', realised: '0.00' },
    ]);
  });

  it('adds tenths of a cent the float way would lose', () => {
    const totals = profitTotals([
      line(1, 'EUR', '0.10', '0.10', '0.00'),
      line(2, 'EUR', '0.20', '0.20', '0.00'),
    ]);
    expect(totals[0]?.value).toBe('0.30');
  });

  it('has nothing to add without lines', () => {
    expect(profitTotals([])).toEqual([]);
  });
});

describe('followingsOf', () => {
  it('keeps the fund’s followings still held or being paid back', () => {
    const orders = [
      { id: 4, fundId: 6, state: 'active' as const },
      { id: 3, fundId: 5, state: 'redeeming' as const },
      { id: 2, fundId: 5, state: 'returned' as const },
      { id: 1, fundId: 5, state: 'active' as const },
    ];
    expect(followingsOf(orders, 5).map((o) => o.id)).toEqual([3, 1]);
    expect(followingsOf(orders, 7)).toEqual([]);
  });
});

describe('followingTone', () => {
  it('marks a following held, one being paid back and one paid back', () => {
    expect(followingTone('active')).toBe('active');
    expect(followingTone('redeeming')).toBe('amber');
    expect(followingTone('returned')).toBe('badge');
  });
});

describe('rowKeys', () => {
  it('keys rows by what they say, counting the ones that say the same', () => {
    const fills = [
      { at: 1, symbol: 'ENI.MI', quantity: '10' },
      { at: 1, symbol: 'ENI.MI', quantity: '10' },
      { at: 1, symbol: 'ENEL.MI', quantity: '10' },
      { at: 1, symbol: 'ENI.MI', quantity: '10' },
    ];
    expect(rowKeys(fills, (f) => `${f.at}-${f.symbol}-${f.quantity}`)).toEqual([
      '1-ENI.MI-10',
      '1-ENI.MI-10#1',
      '1-ENEL.MI-10',
      '1-ENI.MI-10#2',
    ]);
  });
});
