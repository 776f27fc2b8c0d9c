import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Side } from './fills';
import {
  checkOrder,
  checkProtection,
  type OrderContext,
  type OrderTicket,
  type OrderType,
} from './order-rules';

// ENI.MI on Borsa Italiana: 3 price decimals on a 0.002 tick, lots of one share, euros; last 14.236.
const eni = { listed: true, priceScale: 3, tickSize: 2n, quantityScale: 0, lotSize: 1n };
const context: OrderContext = {
  instrument: eni,
  currencyScale: 2,
  marketOpen: true,
  marketPrice: 14_236n,
  limits: { quantityMin: 1n, quantityMax: 100_000n, amountMin: null, amountMax: null },
  availableQuantity: 0n,
};
const buy100: OrderTicket = {
  side: 'buy',
  type: 'market',
  quantity: 100n,
  limitPrice: null,
  takeProfit: null,
  stopLoss: null,
};
const limitBuy: OrderTicket = { ...buy100, type: 'limit', limitPrice: 14_230n };
const sell: OrderTicket = { ...buy100, side: 'sell' };
const holding = { ...context, availableQuantity: 100n };

describe('checkOrder: tickets that pass', () => {
  it('a market buy of 100 ENI in session', () => {
    expect(checkOrder(buy100, context)).toBeNull();
  });

  it('a limit buy of 100 ENI at 14.230 with a take profit at 15.000 and a stop loss at 13.500', () => {
    expect(checkOrder({ ...limitBuy, takeProfit: 15_000n, stopLoss: 13_500n }, context)).toBeNull();
  });

  it('a market sell of 100 of 100 available', () => {
    expect(checkOrder(sell, holding)).toBeNull();
  });

  it('a sell of a whole holding of 3 shares, though the minimum to sell is 10', () => {
    const small = { ...context, availableQuantity: 3n, limits: { ...context.limits, quantityMin: 10n } };
    expect(checkOrder({ ...sell, quantity: 3n }, small)).toBeNull();
    expect(checkOrder({ ...sell, quantity: 2n }, small)).toEqual({
      failure: 'order.quantityMin',
      bound: 10n,
    });
  });

  it('0.00123 BTC at market, in lots of 0.00001 BTC, worth 112.22 USDT', () => {
    const btc = { listed: true, priceScale: 2, tickSize: 1n, quantityScale: 5, lotSize: 1n };
    const crypto: OrderContext = { ...context, instrument: btc, currencyScale: 6, marketPrice: 9_123_456n };
    expect(checkOrder({ ...buy100, quantity: 123n }, crypto)).toBeNull();
  });
});

describe('checkOrder: one refusal per rule', () => {
  it.each<[string, OrderTicket, OrderContext, ReturnType<typeof checkOrder>]>([
    [
      'a side that is neither buy nor sell',
      { ...buy100, side: 'hold' as Side },
      context,
      { failure: 'order.side' },
    ],
    [
      'a type that is neither market nor limit',
      { ...buy100, type: 'stop' as OrderType },
      context,
      { failure: 'order.type' },
    ],
    [
      'a stock not yet listed',
      buy100,
      { ...context, instrument: { ...eni, listed: false } },
      { failure: 'order.notListed' },
    ],
    ['the market closed', buy100, { ...context, marketOpen: false }, { failure: 'order.marketClosed' }],
    ['a quantity of 0', { ...buy100, quantity: 0n }, context, { failure: 'order.quantityZero' }],
    ['a negative quantity', { ...buy100, quantity: -5n }, context, { failure: 'order.quantityZero' }],
    [
      '150 shares where the lot is 100',
      { ...buy100, quantity: 150n },
      { ...context, instrument: { ...eni, lotSize: 100n } },
      { failure: 'order.quantityLot', bound: 100n },
    ],
    [
      '5 shares under a minimum of 10',
      { ...buy100, quantity: 5n },
      { ...context, limits: { ...context.limits, quantityMin: 10n } },
      { failure: 'order.quantityMin', bound: 10n },
    ],
    [
      '100,001 shares over a maximum of 100,000',
      { ...buy100, quantity: 100_001n },
      context,
      { failure: 'order.quantityMax', bound: 100_000n },
    ],
    [
      'a sell with nothing available (all locked until settlement)',
      sell,
      context,
      { failure: 'order.availableZero' },
    ],
    [
      'a sell of 100 with 60 available',
      sell,
      { ...context, availableQuantity: 60n },
      { failure: 'order.quantityAvailable', bound: 60n },
    ],
    [
      'a limit order without a price',
      { ...limitBuy, limitPrice: null },
      context,
      { failure: 'order.limitPriceZero' },
    ],
    ['a limit price of 0', { ...limitBuy, limitPrice: 0n }, context, { failure: 'order.limitPriceZero' }],
    [
      'a limit price of 14.231, off the 0.002 tick',
      { ...limitBuy, limitPrice: 14_231n },
      context,
      { failure: 'order.limitPriceTick', bound: 2n },
    ],
    [
      '1 share at 0.0040: €0.004 rounds to €0.00',
      { ...buy100, quantity: 1n },
      { ...context, instrument: { ...eni, priceScale: 4, tickSize: 1n }, marketPrice: 40n },
      { failure: 'order.amountZero' },
    ],
    [
      'a market order with no market price to judge it by',
      buy100,
      { ...context, marketPrice: 0n },
      { failure: 'order.amountZero' },
    ],
    [
      '100 ENI at 14.236 (€1,423.60) under a minimum purchase of €1,500.00',
      buy100,
      { ...context, limits: { ...context.limits, amountMin: 150_000n } },
      { failure: 'order.amountMin', bound: 150_000n },
    ],
    [
      '100 ENI at 14.236 (€1,423.60) over a maximum purchase of €1,000.00',
      buy100,
      { ...context, limits: { ...context.limits, amountMax: 100_000n } },
      { failure: 'order.amountMax', bound: 100_000n },
    ],
    ['a stop loss of 0', { ...buy100, stopLoss: 0n }, context, { failure: 'order.triggerPriceZero' }],
    [
      'a buy with its take profit 14.000 under the price 14.236',
      { ...buy100, takeProfit: 14_000n },
      context,
      { failure: 'order.takeProfitSide' },
    ],
    [
      'a buy with its stop loss 14.500 over the price 14.236',
      { ...buy100, stopLoss: 14_500n },
      context,
      { failure: 'order.stopLossSide' },
    ],
    [
      'a limit buy at 14.230 with its take profit at 14.230, which would trigger at once',
      { ...limitBuy, takeProfit: 14_230n },
      context,
      { failure: 'order.takeProfitSide' },
    ],
    [
      'a sell with its take profit 15.000 over the price 14.236',
      { ...sell, takeProfit: 15_000n },
      holding,
      { failure: 'order.takeProfitSide' },
    ],
  ])('refuses %s', (_, ticket, ctx, failure) => {
    expect(checkOrder(ticket, ctx)).toEqual(failure);
  });

  it('a limit order is judged at its limit, a market order at the market price', () => {
    // The take profit 14.233 is above the limit 14.230 but below the market 14.236.
    expect(checkOrder({ ...limitBuy, takeProfit: 14_233n }, context)).toBeNull();
    expect(checkOrder({ ...buy100, takeProfit: 14_233n }, context)).toEqual({
      failure: 'order.takeProfitSide',
    });
    // 100 at the limit 14.230 is €1,423.00, under a €1,423.50 minimum; at market it is €1,423.60.
    const minimum = { ...context, limits: { ...context.limits, amountMin: 142_350n } };
    expect(checkOrder(limitBuy, minimum)).toEqual({ failure: 'order.amountMin', bound: 142_350n });
    expect(checkOrder(buy100, minimum)).toBeNull();
  });
});

describe('checkOrder: which refusal comes first', () => {
  it('a ticket wrong in every way is refused for the stock first, then the session, then the quantity', () => {
    const wrong: OrderTicket = { ...limitBuy, quantity: 0n, limitPrice: 0n, takeProfit: 1n };
    const closed = { ...context, marketOpen: false };
    expect(checkOrder(wrong, { ...closed, instrument: { ...eni, listed: false } })).toEqual({
      failure: 'order.notListed',
    });
    expect(checkOrder(wrong, closed)).toEqual({ failure: 'order.marketClosed' });
    expect(checkOrder(wrong, context)).toEqual({ failure: 'order.quantityZero' });
    expect(checkOrder({ ...wrong, quantity: 10n }, context)).toEqual({ failure: 'order.limitPriceZero' });
    expect(checkOrder({ ...wrong, quantity: 10n, limitPrice: 14_230n }, context)).toEqual({
      failure: 'order.takeProfitSide',
    });
  });
});

describe('checkOrder: a sell is refused for what is available before the bounds', () => {
  const bounded = { ...context, limits: { ...context.limits, quantityMin: 10n, quantityMax: 150n } };

  it('5 shares with nothing available: available quantity 0, not the minimum of 10', () => {
    expect(checkOrder({ ...sell, quantity: 5n }, bounded)).toEqual({ failure: 'order.availableZero' });
  });

  it('200 shares with 100 available: the 100 available, not the maximum of 150', () => {
    expect(checkOrder({ ...sell, quantity: 200n }, { ...bounded, availableQuantity: 100n })).toEqual({
      failure: 'order.quantityAvailable',
      bound: 100n,
    });
  });

  it('5 shares of 100 available: the minimum of 10', () => {
    expect(checkOrder({ ...sell, quantity: 5n }, { ...bounded, availableQuantity: 100n })).toEqual({
      failure: 'order.quantityMin',
      bound: 10n,
    });
  });
});

describe('checkProtection', () => {
  it.each<[string, 'long' | 'short', bigint | null, bigint | null, ReturnType<typeof checkProtection>]>([
    ['a long with neither set', 'long', null, null, null],
    ['a long, take profit above and stop loss below', 'long', 11_000n, 9_000n, null],
    ['a long with only a stop loss below', 'long', null, 9_000n, null],
    ['a long, stop loss above', 'long', null, 10_500n, { failure: 'order.stopLossSide' }],
    ['a long, stop loss at the price', 'long', null, 10_000n, { failure: 'order.stopLossSide' }],
    ['a short, take profit below and stop loss above', 'short', 9_000n, 11_000n, null],
    ['a short, take profit above', 'short', 11_000n, null, { failure: 'order.takeProfitSide' }],
    ['a short, stop loss below', 'short', null, 9_000n, { failure: 'order.stopLossSide' }],
    ['a short, take profit of 0', 'short', 0n, null, { failure: 'order.triggerPriceZero' }],
  ])('at 10.000: %s', (_, direction, takeProfit, stopLoss, failure) => {
    expect(checkProtection(direction, 10_000n, takeProfit, stopLoss)).toEqual(failure);
  });

  it('for any prices, accepts exactly a take profit beyond the reference and a stop loss short of it', () => {
    const price = fc.bigInt({ min: 1n, max: 10n ** 9n });
    fc.assert(
      fc.property(
        fc.constantFrom('long' as const, 'short' as const),
        price,
        price,
        price,
        (direction, ref, tp, sl) => {
          const up = direction === 'long';
          const right = (up ? tp > ref : tp < ref) && (up ? sl < ref : sl > ref);
          expect(checkProtection(direction, ref, tp, sl) === null).toBe(right);
        },
      ),
    );
  });
});
