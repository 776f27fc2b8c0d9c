import type { OrderView } from '@piazza/contract/calls/trading-shapes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { createSpotEngine } from '../src/modules/trading/spot-engine';
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
 * Limit orders beyond the first slice's basics: a limit buy that fills in part on arrival, a limit sell that
 * freezes its shares, the transaction password, an engine rebuilt from the database, and the engine's own
 * loop. ENI.MI: prices at 3 decimals, tick 0.002; fees 0.19 % between €2.95 and €19.00.
 */

let t: TradingApp;
beforeAll(async () => {
  t = await createTradingApp();
  t.books.set('ENI.MI', eniBook);
});
afterAll(async () => {
  await t?.close();
});

/** An investor holding `shares` settled ENI.MI, bought at market on Monday and settled on Wednesday. */
async function holderOf(shares: string) {
  const who = await newTrader(t, 500_000n);
  const res = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: shares });
  expect(res.code, res.msg).toBe(0);
  t.clock.ms = Date.UTC(2026, 10, 25, 9, 30); // Wednesday, in session
  await t.engine.settleDue();
  return who;
}

describe('a limit buy through part of the book', () => {
  it('takes the asks up to its limit at their prices and rests with the rest', async () => {
    const who = await newTrader(t, 200_000n);
    // Limit 14.232 reaches 60 at 14.230 and 30 at 14.232 (1,280.76); 10 rest.
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'limit',
      quantity: '100',
      price: '14.232',
    });
    expect(res.code, res.msg).toBe(0);
    // Frozen at the limit: 1,423.20 + the 2.95 minimum fee (0.19 % is 2.70) = 1,426.15; spent 1,280.76 + 2.95,
    // so 142.44 is left.
    expect(res.data).toMatchObject({ state: 'partial', filledQuantity: '90', value: '1280.76', fee: '2.95' });
    expect(res.data.frozen).toBe('142.44');
    expect(await userBalance(t, who.id, 'frozen', 'EUR')).toBe(14_244n);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(200_000n - 142_615n);

    const cancelled = await call<OrderView>(
      t.app,
      'GET',
      '/stock/order/cancel',
      { id: res.data.id },
      { token: who.token },
    );
    expect(cancelled.data).toMatchObject({ state: 'cancelled', filledQuantity: '90', frozen: '0.00' });
    // What was not spent comes back: 2,000.00 − 1,283.71.
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(71_629n);
    expect(await userBalance(t, who.id, 'frozen', 'EUR')).toBe(0n);
    expect(await userBalance(t, who.id, 'locked', 'ENI.MI')).toBe(90n);
  });
});

describe('a limit sell', () => {
  it('freezes its shares while it rests and gives them back on cancel', async () => {
    const who = await holderOf('20');
    try {
      // 14.300 is above the 14.220 bid: it rests with its 20 shares frozen.
      const res = await placeOrder(t, 'sell', who.token, {
        symbol: 'ENI.MI',
        type: 'limit',
        quantity: '20',
        price: '14.300',
      });
      expect(res.code, res.msg).toBe(0);
      expect(res.data).toMatchObject({ state: 'open', frozen: '20' });
      expect(await userBalance(t, who.id, 'spot', 'ENI.MI')).toBe(0n);
      expect(await userBalance(t, who.id, 'frozen', 'ENI.MI')).toBe(20n);
      const hold = await call<{ available: string; frozen: string; quantity: string }>(
        t.app,
        'GET',
        '/stock/hold/info',
        { symbol: 'ENI.MI' },
        { token: who.token },
      );
      expect(hold.data).toMatchObject({ quantity: '20', available: '0', frozen: '20' });
      // The frozen shares are not available to another sell.
      const second = await placeOrder(t, 'sell', who.token, {
        symbol: 'ENI.MI',
        type: 'market',
        quantity: '1',
      });
      expect(second).toMatchObject({ code: -1001, msg: 'The available quantity is 0.' });

      const cancelled = await call<OrderView>(
        t.app,
        'GET',
        '/stock/order/cancel',
        { id: res.data.id },
        { token: who.token },
      );
      expect(cancelled.data).toMatchObject({ state: 'cancelled', frozen: '0' });
      expect(await userBalance(t, who.id, 'spot', 'ENI.MI')).toBe(20n);
      expect(await userBalance(t, who.id, 'frozen', 'ENI.MI')).toBe(0n);
    } finally {
      t.clock.ms = mondayInSession;
    }
  });

  it('fills at its limit when the bid rises to it, crediting the value less the fee', async () => {
    const who = await holderOf('20');
    try {
      const res = await placeOrder(t, 'sell', who.token, {
        symbol: 'ENI.MI',
        type: 'limit',
        quantity: '20',
        price: '14.300',
      });
      expect(res.data.state).toBe('open');
      const spotBefore = await userBalance(t, who.id, 'spot', 'EUR');
      t.books.set('ENI.MI', { ...eniBook, bids: [{ price: 14_310n, quantity: 500n }] });
      expect(await t.engine.step()).toBe(1);
      // 20 × 14.300 = 286.00, fee 2.95.
      const info = await call<OrderView>(
        t.app,
        'GET',
        '/stock/order/info',
        { id: res.data.id },
        { token: who.token },
      );
      expect(info.data).toMatchObject({ state: 'closed', value: '286.00', fee: '2.95', frozen: '0' });
      expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(spotBefore + 28_305n);
      expect(await userBalance(t, who.id, 'frozen', 'ENI.MI')).toBe(0n);
    } finally {
      t.books.set('ENI.MI', eniBook);
      t.clock.ms = mondayInSession;
    }
  });
});

describe('the transaction password', () => {
  it('is required once set, checked, and a wrong one places nothing', async () => {
    const who = await newTrader(t, 200_000n);
    const set = await call(
      t.app,
      'POST',
      '/user/pin/set',
      { type: 'trade', password: 'segreta1', pin: '135790', confirmPin: '135790' },
      { token: who.token },
    );
    expect(set.code, set.msg).toBe(0);
    const before = await orderCount(t);
    const ticket = { symbol: 'ENI.MI', type: 'market', quantity: '1' };
    expect(await placeOrder(t, 'buy', who.token, ticket)).toMatchObject({
      code: -1001,
      msg: 'Enter your transaction password.',
    });
    const wrong = await placeOrder(t, 'buy', who.token, { ...ticket, tradePassword: '000000' });
    expect(wrong.code).toBe(-1001);
    expect(wrong.msg).toMatch(/^Wrong transaction password/);
    expect(await orderCount(t)).toBe(before);
    const right = await placeOrder(t, 'buy', who.token, { ...ticket, tradePassword: '135790' });
    expect(right.code, right.msg).toBe(0);
    expect(await orderCount(t)).toBe(before + 1);
  });
});

describe('the engine', () => {
  it('rebuilds its resting orders from the database after a restart', async () => {
    const who = await newTrader(t, 200_000n);
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'limit',
      quantity: '5',
      price: '14.000',
    });
    expect(res.data.state).toBe('open');
    const restarted = createSpotEngine(t.app.services);
    await restarted.load();
    expect(restarted.index.has(String(res.data.id))).toBe(true);
    await call(t.app, 'GET', '/stock/order/cancel', { id: res.data.id }, { token: who.token });
  });

  it('fills on its own loop once started, and stops cleanly', async () => {
    const who = await newTrader(t, 200_000n);
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'limit',
      quantity: '5',
      price: '14.100',
    });
    expect(res.data.state).toBe('open');
    const loop = createSpotEngine(t.app.services);
    await loop.load();
    t.books.set('ENI.MI', { ...eniBook, asks: [{ price: 14_100n, quantity: 100n }] });
    loop.start(20);
    try {
      await vi.waitFor(
        async () => {
          const info = await call<OrderView>(
            t.app,
            'GET',
            '/stock/order/info',
            { id: res.data.id },
            { token: who.token },
          );
          expect(info.data.state).toBe('position');
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await loop.stop();
      t.books.set('ENI.MI', eniBook);
    }
    expect(await userBalance(t, who.id, 'locked', 'ENI.MI')).toBe(5n);
  });
});

describe('the ledger', () => {
  it('verifies clean after every order of this file', async () => {
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('notices an order whose frozen amount disagrees with its entries', async () => {
    const [row] = await t.db.query<{ id: bigint }>('select id from stock_orders order by id limit 1');
    const id = (row as { id: bigint }).id;
    await t.db.query('update stock_orders set frozen = frozen + 1 where id = $1', [id]);
    try {
      const breaches = await verifyLedger(t.db);
      expect(breaches.map((b) => [b.check, b.subject])).toEqual([
        ['stock-order-frozen', `stock order ${id}`],
      ]);
    } finally {
      await t.db.query('update stock_orders set frozen = frozen - 1 where id = $1', [id]);
    }
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
