import { describe, expect, it } from 'vitest';
import { mostLots } from './most-lots';
import { previewTicket, scheduleOf, type TicketInstrument } from './ticket-preview';

const eni: TicketInstrument = {
  calendar: 'XMIL',
  currency: 'EUR',
  priceScale: 3,
  quantityScale: 0,
  lotSize: '1',
  tickSize: '0.001',
};
const schedule = scheduleOf('XMIL');
const book = {
  symbol: 'ENI.MI',
  time: 0,
  bids: [['14.240', '500'] as [string, string]],
  asks: [['14.250', '60'] as [string, string], ['14.260', '100'] as [string, string]],
};
const limitBuy = { side: 'buy' as const, type: 'limit' as const, lots: 1, limitPrice: '14.250' };

describe('the most lots a ticket can take', () => {
  it('buys at a limit as many as €1,000.00 pays with the fee: 69 × 14,250 = €983,25 + €2,95', () => {
    const lots = mostLots(limitBuy, eni, null, schedule, { cash: 100_000n, availableLots: 0 });
    expect(lots).toBe(69);
    expect(previewTicket({ ...limitBuy, lots: 69 }, eni, null, schedule)?.total).toBe(98620n);
    expect(previewTicket({ ...limitBuy, lots: 70 }, eni, null, schedule)!.total > 100_000n).toBe(true);
  });

  it('buys at market no more than the visible book fills whole (160 shown)', () => {
    const market = { ...limitBuy, type: 'market' as const, limitPrice: '' };
    expect(mostLots(market, eni, book, schedule, { cash: 10_000_000n, availableLots: 0 })).toBe(160);
  });

  it('sells what is available, and buys nothing when one lot costs more than the cash', () => {
    expect(
      mostLots({ ...limitBuy, side: 'sell' }, eni, null, schedule, { cash: 0n, availableLots: 37 }),
    ).toBe(37);
    expect(mostLots(limitBuy, eni, null, schedule, { cash: 1_000n, availableLots: 0 })).toBe(0);
  });
});
