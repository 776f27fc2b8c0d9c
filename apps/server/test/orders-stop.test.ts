import type { HoldView, OrderView } from '@piazza/contract/calls/trading-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { newRequestId } from './funding-steps';
import { call } from './helper';
import {
  createTradingApp,
  credit,
  mondayInSession,
  newTrader,
  orderCount,
  placeOrder,
  type TradingApp,
  userBalance,
} from './trading-steps';

/*
 * Stop and stop-limit orders (issue 17 item 10, decision 056) on ENI.MI at 20.000 (prices at 3 decimals,
 * tick 0.002; fee 0.19 % with a €2.95 minimum; shares locked until T+2) and on BTCUSDT (24/7, fee 0.10 %).
 * The investor buys 100 ENI.MI on Monday 23 November 2026 at 10:30 in Milan; the clock then moves to
 * Wednesday 10:30, when they have settled and may be sold.
 */

const wednesday = mondayInSession + 2 * 24 * 3600 * 1000;
let t: TradingApp;
let who: { token: string; id: number };

const eniAt = (last: bigint, bid: bigint, ask: bigint) =>
  t.books.set('ENI.MI', {
    last,
    bids: [{ price: bid, quantity: 1_000n }],
    asks: [{ price: ask, quantity: 1_000n }],
  });
const notices = (userId: number) =>
  t.db.query<{ key: string; params: unknown }>(
    `select message_key as key, params from notices where user_id = $1 order by id`,
    [userId],
  );
const orderInfo = async (token: string, id: number) =>
  (await call<OrderView>(t.app, 'GET', '/stock/order/info', { id: String(id) }, { token })).data;
const hold = async (token: string) =>
  (await call<HoldView>(t.app, 'GET', '/stock/hold/info', { symbol: 'ENI.MI' }, { token })).data;

beforeAll(async () => {
  t = await createTradingApp();
  eniAt(20_000n, 19_990n, 20_000n);
  who = await newTrader(t, 300_000n); // €3,000.00
  const buy = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '100' });
  expect(buy.code, buy.msg).toBe(0);
  // 100 × 20.000 = €2,000.00 and 0.19 % = €3.80: €996.20 left.
  expect(buy.data).toMatchObject({ value: '2000.00', fee: '3.80' });
  t.clock.ms = wednesday;
  expect(await t.engine.settleDue()).toBe(1);
});
afterAll(async () => {
  await t?.close();
});

describe('the sides of a stop against the last price of 20.000', () => {
  it('refuses a sell stop at or above it, a buy stop at or below it, a stop off the tick or missing, and changes nothing', async () => {
    const before = await orderCount(t);
    const refusals: [string, Record<string, string>, string][] = [
      ['sell', { stopPrice: '20.000' }, 'A sell stop must be below the last price of 20.000.'],
      ['sell', { stopPrice: '20.500' }, 'A sell stop must be below the last price of 20.000.'],
      ['buy', { stopPrice: '20.000' }, 'A buy stop must be above the last price of 20.000.'],
      ['buy', { stopPrice: '19.500' }, 'A buy stop must be above the last price of 20.000.'],
      ['sell', { stopPrice: '19.501' }, 'The stop price must be a multiple of the tick, 0.002.'],
      ['sell', {}, 'Enter a stop price above 0.'],
    ];
    for (const [side, stop, msg] of refusals) {
      const res = await placeOrder(t, side as 'buy' | 'sell', who.token, {
        symbol: 'ENI.MI',
        type: 'stop',
        quantity: '100',
        ...stop,
      });
      expect(res, `${side} ${JSON.stringify(stop)}`).toMatchObject({ code: -1001, msg });
    }
    const italian = await placeOrder(
      t,
      'sell',
      who.token,
      { symbol: 'ENI.MI', type: 'stop_limit', quantity: '100', stopPrice: '20.100', price: '20.000' },
      { lang: 'it-IT' },
    );
    expect(italian).toMatchObject({
      code: -1001,
      msg: "Uno stop in vendita deve essere sotto l'ultimo prezzo di 20,000.",
    });
    expect(await orderCount(t)).toBe(before);
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(99_620n);
    expect(await hold(who.token)).toMatchObject({ available: '100', frozen: '0' });
    expect(t.engine.stops.size).toBe(0);
  });
});

describe('a stop sell at 19.500 on 100 ENI.MI', () => {
  let id: number;

  it('waits with its 100 shares frozen, listed among the open orders with its type and stop price', async () => {
    const res = await placeOrder(t, 'sell', who.token, {
      symbol: 'ENI.MI',
      type: 'stop',
      quantity: '100',
      stopPrice: '19.500',
    });
    expect(res.code, res.msg).toBe(0);
    id = res.data.id;
    expect(res.data).toMatchObject({
      type: 'stop',
      state: 'open',
      stopPrice: '19.500',
      triggeredAt: null,
      limitPrice: null,
      filledQuantity: '0',
      frozen: '100',
    });
    expect(await hold(who.token)).toMatchObject({ quantity: '100', available: '0', frozen: '100' });
    const open = await call<{ list: OrderView[] }>(
      t.app,
      'GET',
      '/stock/order/list',
      { state: 'open' },
      { token: who.token },
    );
    expect(open.data.list.map((o) => [o.id, o.type, o.stopPrice])).toEqual([[id, 'stop', '19.500']]);
    expect(t.engine.stops.nearest('ENI.MI')).toEqual({ below: 19_500n });
  });

  it('does nothing while the last price stays above 19.500 (19.800)', async () => {
    eniAt(19_800n, 19_790n, 19_800n);
    expect(await t.engine.step()).toBe(0);
    expect(await orderInfo(who.token, id)).toMatchObject({ type: 'stop', state: 'open', frozen: '100' });
  });

  it('fires when the last price crosses it (19.400) and sells the 100 shares at the bid of 19.380', async () => {
    eniAt(19_400n, 19_380n, 19_400n);
    expect(await t.engine.step()).toBe(1);
    const order = await orderInfo(who.token, id);
    // 100 × 19.380 = €1,938.00; fee 0.19 % = €3.68; €996.20 + 1,938.00 − 3.68 = €2,930.52.
    expect(order).toMatchObject({
      type: 'market',
      state: 'closed',
      stopPrice: '19.500',
      triggeredAt: wednesday,
      filledQuantity: '100',
      averagePrice: '19.380',
      value: '1938.00',
      fee: '3.68',
      frozen: '0',
    });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(293_052n);
    expect(await hold(who.token)).toMatchObject({ quantity: '0' });
    expect(t.engine.stops.size).toBe(0);
    const told = await notices(who.id);
    expect(told.map((n) => [n.key, n.params])).toContainEqual([
      'notice.order.stopTriggered',
      ['ENI.MI', '19.500'],
    ]);
    // Nothing fires twice: a later step finds no stop.
    expect(await t.engine.step()).toBe(0);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('a stop-limit buy: stop 20.500, limit 20.600, 40 shares', () => {
  let id: number;

  it('freezes 40 × 20.600 = €824.00 and the €2.95 minimum fee', async () => {
    eniAt(20_000n, 19_990n, 20_000n);
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'stop_limit',
      quantity: '40',
      stopPrice: '20.500',
      price: '20.600',
    });
    expect(res.code, res.msg).toBe(0);
    id = res.data.id;
    expect(res.data).toMatchObject({
      type: 'stop_limit',
      state: 'open',
      frozen: '826.95',
      limitPrice: '20.600',
    });
    // €2,930.52 − 826.95 = €2,103.57.
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(210_357n);
    expect(t.engine.index.has(String(id))).toBe(false);
  });

  it('triggers at a last price of 20.520 but does not fill, the cheapest ask being 20.700: it rests as a limit order', async () => {
    eniAt(20_520n, 20_500n, 20_700n);
    expect(await t.engine.step()).toBe(1);
    const order = await orderInfo(who.token, id);
    expect(order).toMatchObject({
      type: 'limit',
      state: 'open',
      triggeredAt: wednesday,
      filledQuantity: '0',
      frozen: '826.95',
      stopPrice: '20.500',
    });
    expect(t.engine.index.has(String(id))).toBe(true);
    expect(t.engine.stops.size).toBe(0);
    expect(await t.engine.step()).toBe(0);
  });

  it('is cancelled like any limit order: the €826.95 come back', async () => {
    const res = await call<OrderView>(
      t.app,
      'GET',
      '/stock/order/cancel',
      { id: String(id) },
      { token: who.token },
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ state: 'cancelled', frozen: '0.00' });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(293_052n);
    expect(t.engine.index.has(String(id))).toBe(false);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('a buy stop waiting at 21.000', () => {
  it('freezes 10 × 21.000 = €210.00 and the €2.95 minimum, and a cancel before it fires gives them back', async () => {
    eniAt(20_000n, 19_990n, 20_000n);
    const res = await placeOrder(t, 'buy', who.token, {
      symbol: 'ENI.MI',
      type: 'stop',
      quantity: '10',
      stopPrice: '21.000',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ frozen: '212.95', state: 'open' });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(293_052n - 21_295n);
    expect(t.engine.stops.size).toBe(1);
    const cancel = await call<OrderView>(
      t.app,
      'GET',
      '/stock/order/cancel',
      { id: String(res.data.id) },
      { token: who.token },
    );
    expect(cancel.data).toMatchObject({ state: 'cancelled', type: 'stop', frozen: '0.00' });
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(293_052n);
    expect(t.engine.stops.size).toBe(0);
    // The price passing 21.000 afterwards fires nothing.
    eniAt(21_100n, 21_090n, 21_100n);
    expect(await t.engine.step()).toBe(0);
  });

  it('whose buy the balance no longer pays when it fires (the ask jumped to 30.000) is cancelled and its funds released', async () => {
    const poor = await newTrader(t, 25_000n); // €250.00
    eniAt(20_000n, 19_990n, 20_000n);
    const res = await placeOrder(t, 'buy', poor.token, {
      symbol: 'ENI.MI',
      type: 'stop',
      quantity: '10',
      stopPrice: '21.000',
    });
    expect(res.code, res.msg).toBe(0);
    eniAt(21_000n, 29_990n, 30_000n);
    expect(await t.engine.step()).toBe(1);
    // 10 × 30.000 = €300.00 + €2.95 > €250.00: cancelled, the €212.95 back in spot.
    expect(await orderInfo(poor.token, res.data.id)).toMatchObject({
      type: 'market',
      state: 'cancelled',
      filledQuantity: '0',
    });
    expect(await userBalance(t, poor.id, 'spot', 'EUR')).toBe(25_000n);
    expect((await notices(poor.id)).map((n) => n.key)).toEqual([
      'notice.order.stopTriggered',
      'notice.order.stopNotFilled',
    ]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('a stop sell on bitcoin (24/7)', () => {
  it('sells 0.01000 BTC bought at 95,000.00 at the bid of 89,990.00 once the last price falls to 90,000.00 from 95,000.00', async () => {
    t.clock.ms = Date.UTC(2026, 10, 28, 12, 0); // a Saturday
    t.books.set('BTCUSDT', {
      last: 9_500_000n,
      bids: [{ price: 9_499_000n, quantity: 5_000n }],
      asks: [{ price: 9_500_000n, quantity: 5_000n }],
    });
    const coiner = await newTrader(t, 0n);
    await credit(t, coiner.id, 'USDT', 1_000_000_000n); // 1,000.000000 USDT
    const bought = await call<OrderView>(
      t.app,
      'POST',
      '/coin/order/add',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01', requestId: newRequestId() },
      { token: coiner.token },
    );
    // 0.01 × 95,000.00 = 950.00 USDT + 0.10 % = 0.95: 49.05 USDT left.
    expect(bought.data).toMatchObject({ value: '950.000000', fee: '0.950000' });
    const refused = await call<OrderView>(
      t.app,
      'POST',
      '/coin/order/add',
      {
        symbol: 'BTCUSDT',
        side: 'sell',
        type: 'stop',
        quantity: '0.01',
        stopPrice: '96000',
        requestId: newRequestId(),
      },
      { token: coiner.token },
    );
    expect(refused).toMatchObject({
      code: -1001,
      msg: 'A sell stop must be below the last price of 95,000.00.',
    });
    const res = await call<OrderView>(
      t.app,
      'POST',
      '/coin/order/add',
      {
        symbol: 'BTCUSDT',
        side: 'sell',
        type: 'stop',
        quantity: '0.01',
        stopPrice: '90000',
        requestId: newRequestId(),
      },
      { token: coiner.token },
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ type: 'stop', stopPrice: '90000.00', frozen: '0.01000000' });
    t.books.set('BTCUSDT', {
      last: 9_000_000n,
      bids: [{ price: 8_999_000n, quantity: 5_000n }],
      asks: [{ price: 9_000_000n, quantity: 5_000n }],
    });
    expect(await t.engine.step()).toBe(1);
    // 0.01 × 89,990.00 = 899.90 USDT, fee 0.10 % = 0.8999: 49.05 + 899.0001 = 948.0501 USDT.
    const done = await call<OrderView>(
      t.app,
      'POST',
      '/coin/order/query',
      { id: String(res.data.id) },
      { token: coiner.token },
    );
    expect(done.data).toMatchObject({
      state: 'closed',
      type: 'market',
      value: '899.900000',
      fee: '0.899900',
    });
    expect(await userBalance(t, coiner.id, 'spot', 'USDT')).toBe(948_050_100n);
    expect(await userBalance(t, coiner.id, 'spot', 'BTC')).toBe(0n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
