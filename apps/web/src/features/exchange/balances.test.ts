import { describe, expect, it } from 'vitest';
import { accountBalance } from './balances';

const overview = {
  accounts: [
    { purpose: 'spot' as const, asset: 'EUR', balance: '1250.00', scale: 2 },
    { purpose: 'contract' as const, asset: 'USDT', balance: '10.500000', scale: 6 },
  ],
  positions: [],
  totals: { EUR: '0', USD: '0' },
  unvalued: [],
  rates: [],
  updatedAt: 0,
};

describe('an account balance for a money form', () => {
  it('is the account of that purpose and asset', () => {
    expect(accountBalance(overview, 'spot', 'EUR')).toEqual({ balance: '1250.00', scale: 2 });
  });

  it('is zero for an account never used, with the scale of the same asset held elsewhere', () => {
    expect(accountBalance(overview, 'spot', 'USDT')).toEqual({ balance: '0', scale: 6 });
  });

  it('is zero before the balances are read', () => {
    expect(accountBalance(undefined, 'spot', 'USD').balance).toBe('0');
  });
});
