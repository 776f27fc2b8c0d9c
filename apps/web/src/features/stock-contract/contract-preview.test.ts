import { feeScheduleDefaults } from '@piazza/core/trading/fees';
import { describe, expect, it } from 'vitest';
import type { TicketInstrument } from '../../shared/ticket/ticket-preview';
import { lotsForMargin, previewContract } from './contract-preview';

// ENI.MI as /stock/info gives it (prices to 3 decimals, tick 0.002, lots of 1) and the book of the server
// tests: asks 60 at 14.230, 30 at 14.232, 500 at 14.236; bids 1,000 at 14.220.
const eni: TicketInstrument = {
  calendar: 'XMIL',
  currency: 'EUR',
  priceScale: 3,
  quantityScale: 0,
  lotSize: '1',
  tickSize: '0.002',
};
const book = {
  symbol: 'ENI.MI',
  time: 0,
  bids: [['14.220', '1000'] as [string, string]],
  asks: [
    ['14.230', '60'] as [string, string],
    ['14.232', '30'] as [string, string],
    ['14.236', '500'] as [string, string],
  ],
};
const xmil = feeScheduleDefaults.XMIL;

describe('the contract ticket preview follows the server rules', () => {
  it('a 5:1 long of 100: value 1,423.12, margin 284.63, fee 2.95, close-out 5.682 on a €1,000.00 account', () => {
    expect(
      previewContract({ side: 'long', lots: 100, leverage: 5 }, eni, book, xmil, {
        equity: '1000.00',
        usedMargin: '0.00',
      }),
    ).toEqual({
      quantity: 100n,
      value: 142_312n,
      margin: 28_463n,
      fee: 295n,
      needed: 28_758n,
      closeOut: { kind: 'price', price: 5_682n },
      partial: false,
    });
  });

  it('a 5:1 short of 50 at the bid: value 711.00, margin 142.20', () => {
    const preview = previewContract({ side: 'short', lots: 50, leverage: 5 }, eni, book, xmil, null);
    expect(preview).toMatchObject({ value: 71_100n, margin: 14_220n, fee: 295n, closeOut: null });
  });

  it('no close-out figure for a long the free margin cannot open, but why; a figure below the entry once it can', () => {
    // The ticket showed a long's close-out above its entry with no free margin: now it says why.
    const long = { side: 'long' as const, lots: 100, leverage: 5 };
    expect(previewContract(long, eni, book, xmil, { equity: '0.00', usedMargin: '0.00' })?.closeOut).toEqual({
      kind: 'marginShort',
    });
    expect(
      previewContract(long, eni, book, xmil, { equity: '287.57', usedMargin: '0.00' })?.closeOut,
    ).toEqual({
      kind: 'marginShort',
    });
    const opens = previewContract(long, eni, book, xmil, { equity: '287.58', usedMargin: '0.00' })?.closeOut;
    expect(opens?.kind).toBe('price');
    if (opens?.kind === 'price') expect(opens.price).toBeLessThan(14_230n);
  });

  it('nothing to show without a book or a schedule', () => {
    expect(previewContract({ side: 'long', lots: 1, leverage: 5 }, eni, null, xmil, null)).toBeNull();
    expect(previewContract({ side: 'long', lots: 1, leverage: 5 }, eni, book, null, null)).toBeNull();
  });
});

describe('sizing by margin follows the server', () => {
  it('€300.00 at 5:1 opens 105 shares at the 14.230 ask (300 × 5 ÷ 14.230 = 105.4), none with €2.00', () => {
    expect(lotsForMargin('300', 5, 'long', eni, book)).toBe(105);
    expect(lotsForMargin('2', 5, 'long', eni, book)).toBe(0);
    expect(lotsForMargin('', 5, 'long', eni, book)).toBeNull();
  });
});
