import { describe, expect, it } from 'vitest';
import { readAmountEntry, roomLeft } from './amount-entry';

const product = { min: '500.00', max: '100000.00', currency: 'EUR' };
const ai = { amount: 'ai.amount', min: 'ai.amountMin', max: 'ai.amountMax', balance: 'ai.balance' };
const fund = { amount: 'fund.amount', min: 'fund.amountMin', balance: 'fund.balance' };

describe('readAmountEntry', () => {
  it('reads an amount as each language writes it and sends the plain decimal', () => {
    expect(readAmountEntry('5.000,00', 'it-IT', product, ai)).toEqual({ amount: '5000.00', problem: null });
    expect(readAmountEntry('5,000.00', 'en-US', product, ai)).toEqual({ amount: '5000.00', problem: null });
    expect(readAmountEntry('5000', 'it-IT', product, ai)).toEqual({ amount: '5000.00', problem: null });
    expect(readAmountEntry('750,5', 'it-IT', product, ai)).toEqual({ amount: '750.50', problem: null });
  });

  it('refuses what the server would refuse, with its key', () => {
    expect(readAmountEntry('', 'it-IT', product, ai).problem?.key).toBe('ai.amount');
    expect(readAmountEntry('0', 'it-IT', product, ai).problem?.key).toBe('ai.amount');
    expect(readAmountEntry('10,005', 'it-IT', product, ai).problem?.key).toBe('ai.amount');
    expect(readAmountEntry('-5', 'en-US', product, ai).problem?.key).toBe('ai.amount');
    expect(readAmountEntry('499,99', 'it-IT', product, ai)).toEqual({
      amount: '499.99',
      problem: { key: 'ai.amountMin', params: ['500.00', 'EUR'] },
    });
    expect(readAmountEntry('100.000,01', 'it-IT', product, ai).problem).toEqual({
      key: 'ai.amountMax',
      params: ['100000.00', 'EUR'],
    });
  });

  it('counts an addition with what is invested already, and checks the cash', () => {
    const addition = { max: '10000.00', invested: '9000.00', cash: '5000.00', currency: 'EUR' };
    expect(readAmountEntry('1.000', 'it-IT', addition, ai)).toEqual({ amount: '1000.00', problem: null });
    expect(readAmountEntry('1.000,01', 'it-IT', addition, ai).problem?.key).toBe('ai.amountMax');
    expect(readAmountEntry('800', 'en-US', { ...addition, cash: '799.99' }, ai).problem).toEqual({
      key: 'ai.balance',
      params: ['800.00', 'EUR'],
    });
  });

  it('answers with the refusal keys it is given: a fund has a minimum and no maximum', () => {
    const following = { min: '100.00', cash: '1000000.00', currency: 'EUR' };
    expect(readAmountEntry('99,99', 'it-IT', following, fund).problem).toEqual({
      key: 'fund.amountMin',
      params: ['100.00', 'EUR'],
    });
    expect(readAmountEntry('1.000.000', 'it-IT', following, fund)).toEqual({
      amount: '1000000.00',
      problem: null,
    });
    expect(readAmountEntry('1000000.01', 'en-US', following, fund).problem?.key).toBe('fund.balance');
    expect(readAmountEntry('abc', 'en-US', following, fund).problem?.key).toBe('fund.amount');
  });
});

describe('roomLeft', () => {
  it('is the maximum less what is invested, never negative', () => {
    expect(roomLeft('10000.00', '9000.00')).toBe('1000.00');
    expect(roomLeft('10000.00', '10000.00')).toBe('0.00');
    expect(roomLeft('10000.00', '12000.00')).toBe('0.00');
  });
});
