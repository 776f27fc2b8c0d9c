import type { OrderView } from '@piazza/contract/calls/trading-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { call } from './helper';
import {
  createTradingApp,
  eniBook,
  newTrader,
  orderCount,
  placeOrder,
  type TradingApp,
  userBalance,
} from './trading-steps';

/*
 * Orders placed while Borsa Italiana is closed (issue 17 item 9, decision 057): Monday 23 November 2026 at
 * 20:00 in Milan (19:00 UTC); it opens again on Tuesday at 09:00. ENI.MI's book (prices at 3 decimals) is
 * empty while closed and from the open asks 60 at 14.230, 30 at 14.232, 500 at 14.236; fee 0.19 % with a
 * €2.95 minimum.
 */

const mondayEvening = Date.UTC(2026, 10, 23, 19, 0);
const tuesdayOpen = Date.UTC(2026, 10, 24, 8, 0, 30); // 09:00:30 in Milan
let t: TradingApp;
let who: { token: string; id: number };

beforeAll(async () => {
  t = await createTradingApp(mondayEvening);
  t.books.set('ENI.MI', eniBook);
  who = await newTrader(t, 100_000n); // €1,000.00
});
afterAll(async () => {
  await t?.close();
});

const orderInfo = async (id: number) =>
  (await call<OrderView>(t.app, 'GET', '/stock/order/info', { id: String(id) }, { token: who.token })).data;

describe('at 20:00, with the market closed', () => {
  it('refuses a market order, saying when the market opens again, in both languages, and changes nothing', async () => {
    const before = await orderCount(t);
    const english = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'market',
      quantity: '10',
    });
    expect(english).toMatchObject({
      code: -1001,
      msg: 'Market closed. It reopens on 2026-11-24 at 09:00 (Italian time): a market order cannot wait, a limit order rests until the open.',
    });
    const italian = await placeOrder(
      t,
      'buy',
      who.token,
      { symbol: 'ENI.MI', type: 'market', quantity: '10' },
      { lang: 'it-IT' },
    );
    expect(italian).toMatchObject({
      code: -1001,
      msg: "Mercato chiuso. Riapre il 24/11/2026 alle 09:00 (ora italiana): un ordine a mercato non può attendere, un ordine limite resta in attesa fino all'apertura.",
    });
    expect(await orderCount(t)).toBe(before);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(100_000n);
  });

  it('takes a limit buy of 10 at 14.240, which rests with 10 × 14.240 = €142.40 + €2.95 frozen and fills nothing', async () => {
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'limit',
      quantity: '10',
      price: '14.240',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      state: 'open',
      filledQuantity: '0',
      frozen: '145.35',
      createdAt: mondayEvening,
    });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(100_000n - 14_535n);
    expect(await userBalance(t, who.id, 'frozen', 'EUR')).toBe(14_535n);
    expect(t.engine.index.has(String(res.data.id))).toBe(true);
    // The engine looks at the closed market and fills nothing.
    expect(await t.engine.step()).toBe(0);
    expect(await orderInfo(res.data.id)).toMatchObject({ state: 'open', filledQuantity: '0' });
  });

  it('lets a resting order placed at 20:00 be cancelled before the open, giving back what it froze', async () => {
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'limit',
      quantity: '5',
      price: '14.000',
    });
    expect(res.code, res.msg).toBe(0);
    // 5 × 14.000 = €70.00 + €2.95.
    expect(res.data.frozen).toBe('72.95');
    const cancel = await call<OrderView>(
      t.app,
      'GET',
      '/stock/order/cancel',
      { id: String(res.data.id) },
      { token: who.token },
    );
    expect(cancel.data).toMatchObject({ state: 'cancelled', frozen: '0.00' });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(100_000n - 14_535n);
  });
});

describe('at the open on Tuesday at 09:00', () => {
  it('fills the limit buy of 10 at its limit of 14.240 once the asks (14.230) reach it, spending what it froze', async () => {
    const [resting] = await t.db.query<{ id: bigint }>(
      `select id from stock_orders where user_id = $1 and state = 'open'`,
      [who.id],
    );
    t.clock.ms = tuesdayOpen;
    expect(await t.engine.step()).toBe(1);
    const order = await orderInfo(Number(resting?.id));
    // A resting order fills at its limit, as the engine fills every resting order: 10 × 14.240 = €142.40
    // + €2.95 = €145.35, all it froze.
    expect(order).toMatchObject({
      state: 'position',
      filledQuantity: '10',
      averagePrice: '14.240',
      value: '142.40',
      fee: '2.95',
      frozen: '0.00',
    });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(100_000n - 14_535n);
    expect(await userBalance(t, who.id, 'frozen', 'EUR')).toBe(0n);
    expect(await userBalance(t, who.id, 'locked', 'ENI.MI')).toBe(10n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
