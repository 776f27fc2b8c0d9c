import { describe, expect, it } from 'vitest';
import { lotQuantity, onTick, previewTicket, scheduleOfRule, type TicketInstrument } from './ticket-preview';

// A Borsa Italiana share as /stock/info gives ENI.MI: prices to 3 decimals, whole shares, lots of 1.
const eni: TicketInstrument = {
  calendar: 'XMIL',
  currency: 'EUR',
  priceScale: 3,
  quantityScale: 0,
  lotSize: '1',
  tickSize: '0.001',
};
const book = {
  symbol: 'ENI.MI',
  time: 0,
  bids: [['14.240', '500'] as [string, string]],
  asks: [['14.250', '60'] as [string, string], ['14.260', '100'] as [string, string]],
};

describe('the ticket preview uses the server fee rule (0.19 % between €2.95 and €19.00)', () => {
  it('a limit buy of 100 at 14.250 costs €1,425.00 + the €2.95 minimum (0.19 % is €2.70)', () => {
    expect(previewTicket({ side: 'buy', type: 'limit', lots: 100, limitPrice: '14.250' }, eni, null)).toEqual(
      {
        quantity: 100n,
        value: 142500n,
        fee: 295n,
        total: 142795n,
        partial: false,
      },
    );
  });

  it('a market buy of 100 walks the asks: 60 at 14.250 and 40 at 14.260 are €1,425.40', () => {
    const preview = previewTicket({ side: 'buy', type: 'market', lots: 100, limitPrice: '' }, eni, book);
    expect(preview).toMatchObject({ value: 142540n, fee: 295n, total: 142835n, partial: false });
  });

  it('a limit sale of 1,000 at 14.250 pays at most €19.00 (0.19 % would be €27.07)', () => {
    const preview = previewTicket(
      { side: 'sell', type: 'limit', lots: 1000, limitPrice: '14.250' },
      eni,
      null,
    );
    expect(preview).toMatchObject({ value: 1425000n, fee: 1900n, total: 1423100n });
  });

  it('a market order larger than the visible book says so and values what the book shows', () => {
    const preview = previewTicket({ side: 'sell', type: 'market', lots: 600, limitPrice: '' }, eni, book);
    expect(preview).toMatchObject({ quantity: 600n, value: 712000n, partial: true });
  });

  it('no preview for an off-tick or zero limit, no lots, or a market order without a book', () => {
    expect(
      previewTicket({ side: 'buy', type: 'limit', lots: 1, limitPrice: '14.2505' }, eni, null),
    ).toBeNull();
    expect(previewTicket({ side: 'buy', type: 'limit', lots: 1, limitPrice: '0' }, eni, null)).toBeNull();
    expect(
      previewTicket({ side: 'buy', type: 'limit', lots: 0, limitPrice: '14.250' }, eni, null),
    ).toBeNull();
    expect(previewTicket({ side: 'buy', type: 'market', lots: 1, limitPrice: '' }, eni, null)).toBeNull();
  });
});

describe('lots and ticks', () => {
  it('a lot of 10 shares makes 3 lots 30 shares', () => {
    expect(lotQuantity(3, { ...eni, lotSize: '10' })).toBe(30n);
  });
  it('a tick of 0.005 accepts 14.255 and refuses 14.252', () => {
    expect(onTick('14.255', { ...eni, tickSize: '0.005' })).toBe(true);
    expect(onTick('14.252', { ...eni, tickSize: '0.005' })).toBe(false);
  });
});

describe('the ticket preview with the schedule the operator configured', () => {
  it('reads the rule’s decimals: 0.50 % between €5.00 and €10.00 on 100 at 14.250 is €7.12', () => {
    const schedule = scheduleOfRule({ rateBp: 50, perShare: null, minimum: '5.00', maximum: '10.00' }, 2);
    expect(schedule).toEqual({ rateBp: 50, perShare: null, minimum: 500n, maximum: 1000n });
    // 0.50 % of 1,425.00 is 7.125, rounded down to 7.12 as the server does.
    const preview = previewTicket(
      { side: 'buy', type: 'limit', lots: 100, limitPrice: '14.250' },
      eni,
      null,
      schedule,
    );
    expect(preview).toMatchObject({ value: 142500n, fee: 712n, total: 143212n });
  });

  it('keeps a per-share amount at its own decimals: $0.005 a share is 5 at scale 3', () => {
    expect(scheduleOfRule({ rateBp: 0, perShare: '0.005', minimum: '1.00', maximum: null }, 2)).toEqual({
      rateBp: 0,
      perShare: { amount: 5n, scale: 3 },
      minimum: 100n,
      maximum: null,
    });
  });

  it('shows no preview while the rule has not arrived', () => {
    expect(
      previewTicket({ side: 'buy', type: 'limit', lots: 100, limitPrice: '14.250' }, eni, null, null),
    ).toBeNull();
  });
});
