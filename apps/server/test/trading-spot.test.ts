import type { HoldView, OrderView } from '@piazza/contract/calls/trading-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { newRequestId } from './funding-steps';
import { call } from './helper';
import {
  createTradingApp,
  eniBook,
  mondayInSession,
  newTrader,
  orderCount,
  placeOrder,
  type TradingApp,
  userBalance,
} from './trading-steps';

/*
 * Spot orders on ENI.MI (prices at 3 decimals, tick 0.002, lot 1 share), fees 0.19 % between €2.95 and
 * €19.00, shares locked until T+2 on Borsa Italiana's business days.
 */

let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp();
  t.books.set('ENI.MI', eniBook);
});
afterAll(async () => {
  await t?.close();
});

describe('a market buy of 100 ENI.MI', () => {
  let who: { token: string; id: number };
  let orderId: number;

  it('takes the asks best first and charges the minimum fee', async () => {
    who = await newTrader(t, 200_000n); // €2,000.00
    const res = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '100' });
    expect(res.code, res.msg).toBe(0);
    orderId = res.data.id;
    // 60 × 14.230 + 30 × 14.232 + 10 × 14.236 = 853.80 + 426.96 + 142.36 = 1,423.12;
    // 0.19 % of it is 2.70, under the €2.95 minimum.
    expect(res.data).toMatchObject({
      state: 'position',
      quantity: '100',
      filledQuantity: '100',
      averagePrice: '14.231',
      value: '1423.12',
      fee: '2.95',
      frozen: '0.00',
      limitPrice: null,
    });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(57_393n); // 2,000.00 − 1,426.07
    expect(await userBalance(t, who.id, 'locked', 'ENI.MI')).toBe(100n);
    expect(await userBalance(t, who.id, 'spot', 'ENI.MI')).toBe(0n);
  });

  it('lists the three fills with their values, the fee on the first', async () => {
    const res = await call<{ list: { price: string; quantity: string; value: string; fee: string }[] }>(
      t.app,
      'POST',
      '/stock/order/trade/list',
      { orderId },
      { token: who.token },
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data.list.map((f) => [f.price, f.quantity, f.value, f.fee]).reverse()).toEqual([
      ['14.230', '60', '853.80', '2.95'],
      ['14.232', '30', '426.96', '0.00'],
      ['14.236', '10', '142.36', '0.00'],
    ]);
    const info = await call<{ fills: unknown[]; state: string }>(
      t.app,
      'GET',
      '/stock/order/info',
      { id: orderId },
      { token: who.token },
    );
    expect(info.data.fills).toHaveLength(3);
    const list = await call<{ total: number }>(
      t.app,
      'GET',
      '/stock/order/list',
      { state: 'position' },
      {
        token: who.token,
      },
    );
    expect(list.data.total).toBe(1);
  });

  it('holds the shares locked until Wednesday (T+2), valued at the last price', async () => {
    const res = await call<HoldView>(
      t.app,
      'GET',
      '/stock/hold/info',
      { symbol: 'ENI.MI' },
      { token: who.token },
    );
    expect(res.code, res.msg).toBe(0);
    // Cost 1,426.07 for 100 shares; at 14.240 they are worth 1,424.00.
    expect(res.data).toEqual({
      symbol: 'ENI.MI',
      name: expect.any(String),
      currency: 'EUR',
      quantity: '100',
      available: '0',
      locked: '100',
      frozen: '0',
      lockedUntil: Date.UTC(2026, 10, 24, 23, 0), // Wednesday 25 November, midnight in Milan
      averageCost: '14.261',
      cost: '1426.07',
      lastPrice: '14.240',
      marketValue: '1424.00',
      pnl: '-2.07',
      takeProfit: null,
      stopLoss: null,
    });
  });

  it('refuses to sell shares that have not settled, and nothing moves', async () => {
    const before = await orderCount(t);
    const res = await placeOrder(t, 'sell', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '10' });
    expect(res).toMatchObject({ code: -1001, msg: 'The available quantity is 0.' });
    expect(await orderCount(t)).toBe(before);
    expect(await userBalance(t, who.id, 'locked', 'ENI.MI')).toBe(100n);
  });

  it('releases the shares at the start of the settlement date, once', async () => {
    t.clock.ms = Date.UTC(2026, 10, 24, 22, 59);
    expect(await t.engine.settleDue()).toBe(0);
    t.clock.ms = Date.UTC(2026, 10, 24, 23, 0);
    // One lot per fill: the three fills of the order.
    expect(await t.engine.settleDue()).toBe(3);
    expect(await t.engine.settleDue()).toBe(0);
    expect(await userBalance(t, who.id, 'spot', 'ENI.MI')).toBe(100n);
    expect(await userBalance(t, who.id, 'locked', 'ENI.MI')).toBe(0n);
  });

  it('sells 40 settled shares at the bid, less the minimum fee', async () => {
    t.clock.ms = Date.UTC(2026, 10, 25, 9, 30); // Wednesday, in session
    const res = await placeOrder(t, 'sell', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '40' });
    expect(res.code, res.msg).toBe(0);
    // 40 × 14.220 = 568.80, fee 2.95: 565.85 credited.
    expect(res.data).toMatchObject({ state: 'closed', value: '568.80', fee: '2.95', averagePrice: '14.220' });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(113_978n); // 573.93 + 565.85
    const hold = await call<HoldView>(
      t.app,
      'GET',
      '/stock/hold/info',
      { symbol: 'ENI.MI' },
      { token: who.token },
    );
    // 40 % of the cost leaves with the shares: 1,426.07 − 570.43 = 855.64.
    expect(hold.data).toMatchObject({
      quantity: '60',
      available: '60',
      cost: '855.64',
      averageCost: '14.261',
    });
    const list = await call<{ list: { symbol: string }[] }>(
      t.app,
      'GET',
      '/stock/hold/list',
      {},
      {
        token: who.token,
      },
    );
    expect(list.data.list.map((h) => h.symbol)).toEqual(['ENI.MI']);
    t.clock.ms = mondayInSession;
  });
});

describe('a repeated requestId', () => {
  it('answers the first order again and buys once', async () => {
    const who = await newTrader(t, 200_000n);
    const requestId = newRequestId();
    const ticket = { symbol: 'ENI.MI', type: 'market', quantity: '10' };
    const first = await placeOrder(t, 'buy', who.token, ticket, { requestId });
    const second = await placeOrder(t, 'buy', who.token, ticket, { requestId });
    expect(first.code, first.msg).toBe(0);
    expect(second.data.id).toBe(first.data.id);
    // 10 × 14.230 = 142.30 + 2.95 fee, once.
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(200_000n - 14_525n);
    expect(await userBalance(t, who.id, 'locked', 'ENI.MI')).toBe(10n);
  });
});

describe('refusals', () => {
  let who: { token: string; id: number };
  beforeAll(async () => {
    who = await newTrader(t, 200_000n);
  });

  const cases: [string, Record<string, string>, string][] = [
    ['an unknown stock', { symbol: 'NOPE.MI', type: 'market', quantity: '1' }, 'Unknown stock: NOPE.MI.'],
    [
      'a stock not listed',
      { symbol: 'NEWCO.MI', type: 'market', quantity: '1' },
      'This stock is not listed and cannot be traded.',
    ],
    [
      'a quantity of 0',
      { symbol: 'ENI.MI', type: 'market', quantity: '0' },
      'The quantity must be more than 0.',
    ],
    [
      'a quantity off the lot',
      { symbol: 'LOTS.MI', type: 'market', quantity: '15' },
      'The quantity must be a multiple of the minimum lot of 10.',
    ],
    [
      'a limit order without a price',
      { symbol: 'ENI.MI', type: 'limit', quantity: '10' },
      'The limit price cannot be 0.',
    ],
    [
      'a limit price of 0',
      { symbol: 'ENI.MI', type: 'limit', quantity: '10', price: '0' },
      'The limit price cannot be 0.',
    ],
    [
      'a limit price off the tick',
      { symbol: 'ENI.MI', type: 'limit', quantity: '10', price: '14.231' },
      'The limit price must be a multiple of the tick, 0.002.',
    ],
    [
      'more than the balance pays for',
      { symbol: 'ENI.MI', type: 'market', quantity: '200' },
      'Insufficient balance',
    ],
  ];

  for (const [name, ticket, msg] of cases) {
    it(`refuses ${name}, leaving nothing behind`, async () => {
      // Half the money: 200 shares cost about 2,846, more than the 2,000 credited.
      const before = await orderCount(t);
      const res = await placeOrder(t, 'buy', who.token, ticket);
      expect(res).toMatchObject({ code: -1001, msg });
      expect(await orderCount(t)).toBe(before);
      expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(200_000n);
      expect(await userBalance(t, who.id, 'frozen', 'EUR')).toBe(0n);
    });
  }

  it('refuses in Italian too', async () => {
    const res = await placeOrder(
      t,
      'buy',
      who.token,
      { symbol: 'NEWCO.MI', type: 'market', quantity: '1' },
      { lang: 'it-IT' },
    );
    expect(res).toMatchObject({ code: -1001, msg: 'Titolo non quotato: non è negoziabile.' });
  });

  it('refuses a sell with nothing held', async () => {
    const res = await placeOrder(t, 'sell', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '1' });
    expect(res).toMatchObject({ code: -1001, msg: 'The available quantity is 0.' });
  });

  it('refuses a market order on a Saturday: market closed until Monday, and nothing changes', async () => {
    t.clock.ms = Date.UTC(2026, 10, 21, 10, 0);
    try {
      const before = await orderCount(t);
      // A limit order would rest until the open (orders-outside-hours.test.ts, decision 057).
      for (const type of ['market']) {
        const res = await placeOrder(t, 'buy', who.token, {
          symbol: 'ENI.MI',
          type,
          quantity: '10',
          price: '14.000',
        });
        expect(res).toMatchObject({
          code: -1001,
          msg: expect.stringMatching(/^Market closed\. It reopens on 2026-11-23 at 09:00/),
        });
      }
      expect(await orderCount(t)).toBe(before);
      expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(200_000n);
    } finally {
      t.clock.ms = mondayInSession;
    }
  });
});

describe('a limit buy', () => {
  it('freezes its cost at the limit, and a cancel gives back exactly that', async () => {
    const who = await newTrader(t, 200_000n);
    // 50 × 14.200 = 710.00, below every ask: it rests. Fee at the limit: 0.19 % is 1.34, so the €2.95 minimum.
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'limit',
      quantity: '50',
      price: '14.200',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      state: 'open',
      filledQuantity: '0',
      frozen: '712.95',
      limitPrice: '14.200',
    });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(200_000n - 71_295n);
    expect(await userBalance(t, who.id, 'frozen', 'EUR')).toBe(71_295n);

    const cancelled = await call<OrderView>(
      t.app,
      'GET',
      '/stock/order/cancel',
      { id: res.data.id },
      { token: who.token },
    );
    expect(cancelled.code, cancelled.msg).toBe(0);
    expect(cancelled.data).toMatchObject({ state: 'cancelled', frozen: '0.00' });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(200_000n);
    expect(await userBalance(t, who.id, 'frozen', 'EUR')).toBe(0n);
    expect(t.engine.index.has(String(res.data.id))).toBe(false);

    const again = await call(t.app, 'GET', '/stock/order/cancel', { id: res.data.id }, { token: who.token });
    expect(again).toMatchObject({
      code: -1001,
      msg: 'Only an open or partially filled order can be cancelled.',
    });
    const other = await newTrader(t, 0n);
    const foreign = await call(
      t.app,
      'GET',
      '/stock/order/cancel',
      { id: res.data.id },
      { token: other.token },
    );
    expect(foreign).toMatchObject({ code: -1001, msg: 'Order not found.' });
  });

  it('fills in part, then in full, when the market comes down to it', async () => {
    const who = await newTrader(t, 200_000n);
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'limit',
      quantity: '50',
      price: '14.200',
    });
    expect(res.data.state).toBe('open');
    const id = String(res.data.id);
    await t.engine.load();
    expect(t.engine.index.has(id)).toBe(true);
    expect(await t.engine.step()).toBe(0); // asks still at 14.230 and up

    const saved = t.books.get('ENI.MI');
    t.books.set('ENI.MI', {
      last: 14_200n,
      bids: [{ price: 14_180n, quantity: 100n }],
      asks: [
        { price: 14_198n, quantity: 10n },
        { price: 14_200n, quantity: 30n },
      ],
    });
    try {
      t.clock.advance(1_000);
      expect(await t.engine.step()).toBe(1);
      // 40 at the limit, 14.200: 568.00 and the 2.95 minimum fee out of the 712.95 frozen.
      const partial = await call<OrderView>(t.app, 'GET', '/stock/order/info', { id }, { token: who.token });
      expect(partial.data).toMatchObject({
        state: 'partial',
        filledQuantity: '40',
        value: '568.00',
        fee: '2.95',
        frozen: '142.00',
      });
      t.clock.advance(1_000);
      expect(await t.engine.step()).toBe(1);
      // The last 10: 142.00 more, no more fee; what was frozen is spent to the cent.
      const full = await call<OrderView>(t.app, 'GET', '/stock/order/info', { id }, { token: who.token });
      expect(full.data).toMatchObject({
        state: 'position',
        filledQuantity: '50',
        value: '710.00',
        frozen: '0.00',
      });
      expect(await userBalance(t, who.id, 'frozen', 'EUR')).toBe(0n);
      expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(200_000n - 71_295n);
      expect(await userBalance(t, who.id, 'locked', 'ENI.MI')).toBe(50n);
      expect(t.engine.index.has(id)).toBe(false);
      expect(await t.engine.step()).toBe(0);
    } finally {
      if (saved) t.books.set('ENI.MI', saved);
      t.clock.ms = mondayInSession;
    }
  });
});

describe('the ledger', () => {
  it('verifies clean after every order of this file', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
