import type { HoldView, OrderView } from '@piazza/contract/calls/trading-shapes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { pinHashes } from '../src/modules/security/pins';
import { createSpotEngine } from '../src/modules/trading/spot-engine';
import { userTopic } from '../src/realtime/topics';
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
 * Take profit and stop loss on ENI.MI holdings (prices at 3 decimals, tick 0.002; fees 0.19 % between €2.95
 * and €19.00; shares locked until T+2). Monday 23 November 2026 10:30 in Milan, unless a test moves the clock.
 */

let t: TradingApp;
const heard: { userId: number; kind: string; data: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await createTradingApp();
  t.books.set('ENI.MI', eniBook);
});
afterAll(async () => {
  await t?.close();
});

const tpsl = (token: string, params: Record<string, string>, lang?: string) =>
  call<HoldView>(t.app, 'POST', '/stock/hold/tpsl', params, { token, lang });
const hold = async (token: string) =>
  (await call<HoldView>(t.app, 'GET', '/stock/hold/info', { symbol: 'ENI.MI' }, { token })).data;
const levelRows = async () =>
  Number((await t.db.query<{ n: bigint }>('select count(*) as n from stock_tpsl'))[0]?.n ?? 0n);
const fires = () =>
  t.db.query<{ orderId: bigint; kind: string; level: bigint; price: bigint }>(
    'select order_id as "orderId", kind, level, price from stock_tpsl_fires order by order_id',
  );

/** Listens on the user's socket topic through the bus the app publishes on. */
async function listen(userId: number): Promise<void> {
  await t.app.services.bus.subscribe(userTopic(userId), (message) => {
    const m = message as { kind: string; data: Record<string, unknown> };
    heard.push({ userId, kind: m.kind, data: m.data });
  });
}

describe('setting the levels of a holding of 100 ENI.MI', () => {
  let who: { token: string; id: number };

  beforeAll(async () => {
    who = await newTrader(t, 200_000n); // €2,000.00
    const buy = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '100' });
    expect(buy.code, buy.msg).toBe(0);
    // 1,423.12 for the shares + the €2.95 minimum fee: cost 1,426.07, locked until Wednesday.
    expect(buy.data.value).toBe('1423.12');
  });

  it('refuses levels on the wrong side of the last price 14.240, off the tick or not prices, and arms nothing', async () => {
    const refusals: [Record<string, string>, string][] = [
      [{ takeProfit: '14.240' }, 'The take profit must be above the current price of 14.240.'],
      [{ takeProfit: '14.000' }, 'The take profit must be above the current price of 14.240.'],
      [{ stopLoss: '14.500' }, 'The stop loss must be below the current price of 14.240.'],
      [
        { takeProfit: '15.000', stopLoss: '14.240' },
        'The stop loss must be below the current price of 14.240.',
      ],
      [{ takeProfit: '15.001' }, 'Take profit and stop loss must be multiples of the tick, 0.002.'],
      [{ stopLoss: '13.5001' }, 'Take profit and stop loss must be multiples of the tick, 0.002.'],
      [{ stopLoss: '0' }, 'Take-profit and stop-loss prices must be more than 0.'],
      [{ takeProfit: 'abc' }, 'Enter take profit and stop loss as prices, or leave them empty.'],
    ];
    for (const [levels, msg] of refusals) {
      const res = await tpsl(who.token, { symbol: 'ENI.MI', ...levels });
      expect(res, JSON.stringify(levels)).toMatchObject({ code: -1001, msg });
    }
    const italian = await tpsl(who.token, { symbol: 'ENI.MI', takeProfit: '14.000' }, 'it-IT');
    expect(italian).toMatchObject({
      code: -1001,
      msg: 'Il take profit deve essere sopra il prezzo attuale di 14,240.',
    });
    expect(await levelRows()).toBe(0);
    expect(t.engine.triggers.size).toBe(0);
    expect(await hold(who.token)).toMatchObject({ takeProfit: null, stopLoss: null });
  });

  it('refuses levels on shares the user does not hold, and on an unknown stock', async () => {
    const other = await newTrader(t, 0n);
    expect(await tpsl(other.token, { symbol: 'ENI.MI', takeProfit: '15.000' })).toMatchObject({
      code: -1001,
      msg: 'You hold no shares of ENI.MI: there is nothing to protect.',
    });
    expect(await tpsl(who.token, { symbol: 'NOPE.MI', takeProfit: '15.000' })).toMatchObject({
      code: -1001,
      msg: 'Unknown stock: NOPE.MI.',
    });
    expect(await levelRows()).toBe(0);
  });

  it('arms a take profit at 15.000 and a stop loss at 13.500, shown on the holding', async () => {
    const res = await tpsl(who.token, { symbol: 'ENI.MI', takeProfit: '15', stopLoss: '13.500' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      quantity: '100',
      locked: '100',
      takeProfit: '15.000',
      stopLoss: '13.500',
    });
    const list = await call<{ list: HoldView[] }>(t.app, 'GET', '/stock/hold/list', {}, { token: who.token });
    expect(list.data.list[0]).toMatchObject({ symbol: 'ENI.MI', takeProfit: '15.000', stopLoss: '13.500' });
    expect(t.engine.triggers.size).toBe(2);
    expect(t.engine.triggers.nearest('ENI.MI')).toEqual({ above: 15_000n, below: 13_500n });
  });

  it('replaces both levels with what is sent: a stop loss alone disarms the take profit; nothing sent clears them', async () => {
    const onlyStop = await tpsl(who.token, { symbol: 'ENI.MI', takeProfit: '', stopLoss: '13.800' });
    expect(onlyStop.data).toMatchObject({ takeProfit: null, stopLoss: '13.800' });
    expect(t.engine.triggers.nearest('ENI.MI')).toEqual({ above: undefined, below: 13_800n });
    const cleared = await tpsl(who.token, { symbol: 'ENI.MI' });
    expect(cleared.data).toMatchObject({ takeProfit: null, stopLoss: null });
    expect(t.engine.triggers.size).toBe(0);
    expect(await levelRows()).toBe(0);
    // The old take profit is gone: a price above it sells nothing.
    t.books.set('ENI.MI', { ...eniBook, last: 15_100n });
    expect(await t.engine.step()).toBe(0);
    t.books.set('ENI.MI', eniBook);
    const again = await tpsl(who.token, { symbol: 'ENI.MI', takeProfit: '15.000', stopLoss: '13.500' });
    expect(again.code, again.msg).toBe(0);
  });

  it('keeps the levels armed while the shares are locked: a last price of 13.400 sells nothing on Monday', async () => {
    await listen(who.id);
    t.books.set('ENI.MI', {
      last: 13_400n,
      bids: [{ price: 13_380n, quantity: 1_000n }],
      asks: eniBook.asks,
    });
    const orders = await orderCount(t);
    expect(await t.engine.step()).toBe(0);
    expect(await orderCount(t)).toBe(orders);
    expect(await userBalance(t, who.id, 'locked', 'ENI.MI')).toBe(100n);
    expect(await hold(who.token)).toMatchObject({ takeProfit: '15.000', stopLoss: '13.500' });
    // The stop loss waits for shares: out of the index until a lot settles; the take profit still watched.
    expect(t.engine.triggers.nearest('ENI.MI')).toEqual({ above: 15_000n, below: undefined });
  });

  it('sells all 100 at the bid 13.380 once they settle on Wednesday, as a system close, and clears the levels', async () => {
    t.clock.ms = Date.UTC(2026, 10, 24, 23, 0); // Wednesday 25 November, midnight in Milan
    expect(await t.engine.settleDue()).toBe(3); // a lot per fill
    expect(t.engine.triggers.nearest('ENI.MI')).toEqual({ above: 15_000n, below: 13_500n });
    // Market closed at midnight: nothing fires.
    expect(await t.engine.step()).toBe(0);
    expect(await userBalance(t, who.id, 'spot', 'ENI.MI')).toBe(100n);

    t.clock.ms = Date.UTC(2026, 10, 25, 9, 30); // Wednesday 10:30, in session; last still 13.400
    expect(await t.engine.step()).toBe(1);
    const list = await call<{ list: OrderView[]; total: number }>(
      t.app,
      'GET',
      '/stock/order/list',
      { state: 'system_close' },
      { token: who.token },
    );
    expect(list.data.total).toBe(1);
    // 100 × 13.380 = 1,338.00; 0.19 % is 2.54, under the €2.95 minimum.
    expect(list.data.list[0]).toMatchObject({
      side: 'sell',
      type: 'market',
      state: 'system_close',
      quantity: '100',
      filledQuantity: '100',
      averagePrice: '13.380',
      value: '1338.00',
      fee: '2.95',
    });
    // 2,000.00 − 1,426.07 + 1,338.00 − 2.95 = 1,908.98
    expect(await userBalance(t, who.id, 'spot', 'EUR')).toBe(190_898n);
    expect(await userBalance(t, who.id, 'spot', 'ENI.MI')).toBe(0n);
    expect(await fires()).toEqual([
      { orderId: BigInt(list.data.list[0]?.id ?? 0), kind: 'stop_loss', level: 13_500n, price: 13_400n },
    ]);
    // The order's details say which level placed it; the user's own purchase has none.
    const info = await call<{ trigger: unknown; fills: unknown[] }>(
      t.app,
      'GET',
      '/stock/order/info',
      { id: list.data.list[0]?.id ?? 0 },
      { token: who.token },
    );
    expect(info.data.trigger).toEqual({
      kind: 'stop_loss',
      level: '13.500',
      price: '13.400',
      firedAt: Date.UTC(2026, 10, 25, 9, 30),
    });
    expect(info.data.fills).toHaveLength(1);
    const bought = await call<{ list: OrderView[] }>(
      t.app,
      'GET',
      '/stock/order/list',
      { state: 'position' },
      { token: who.token },
    );
    const purchase = await call<{ trigger: unknown }>(
      t.app,
      'GET',
      '/stock/order/info',
      { id: bought.data.list[0]?.id ?? 0 },
      { token: who.token },
    );
    expect(purchase.data.trigger).toBeNull();
    expect(await levelRows()).toBe(0);
    expect(t.engine.triggers.size).toBe(0);
    const holds = await call<{ list: HoldView[] }>(
      t.app,
      'GET',
      '/stock/hold/list',
      {},
      { token: who.token },
    );
    expect(holds.data.list).toEqual([]);
    // The app heard of the shares settling and of the sale on the user's socket.
    expect(heard.filter((h) => h.userId === who.id).map((h) => h.kind)).toEqual(['settlement', 'order']);
    expect(heard.at(-1)?.data).toMatchObject({ state: 'system_close', value: '1338.00' });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('a take profit on a book too thin for the whole holding', () => {
  it('sells what the bids take, stays armed for the rest and sells it on the next step', async () => {
    t.clock.ms = Date.UTC(2026, 10, 25, 9, 30); // Wednesday 10:30
    t.books.set('ENI.MI', eniBook);
    const who = await newTrader(t, 200_000n);
    expect(
      (await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '100' })).code,
    ).toBe(0);
    t.clock.ms = Date.UTC(2026, 10, 26, 23, 0); // Friday 27 November, midnight in Milan: T+2
    expect(await t.engine.settleDue()).toBe(3);
    t.clock.ms = Date.UTC(2026, 10, 27, 9, 30); // Friday 10:30
    const set = await tpsl(who.token, { symbol: 'ENI.MI', takeProfit: '15.000' });
    expect(set.code, set.msg).toBe(0);

    // The last price reaches 15.100; the bids hold 60 at 15.080 only.
    t.books.set('ENI.MI', { last: 15_100n, bids: [{ price: 15_080n, quantity: 60n }], asks: [] });
    expect(await t.engine.step()).toBe(1);
    expect(await userBalance(t, who.id, 'spot', 'ENI.MI')).toBe(40n);
    expect(await hold(who.token)).toMatchObject({ quantity: '40', takeProfit: '15.000' });
    // Still above: the other 40 go at 15.090 on the next step.
    t.books.set('ENI.MI', { last: 15_100n, bids: [{ price: 15_090n, quantity: 1_000n }], asks: [] });
    expect(await t.engine.step()).toBe(1);
    expect(await userBalance(t, who.id, 'spot', 'ENI.MI')).toBe(0n);
    const sold = await call<{ list: OrderView[] }>(
      t.app,
      'GET',
      '/stock/order/list',
      { state: 'system_close' },
      { token: who.token },
    );
    // 60 × 15.080 = 904.80 (fee 1.71 → 2.95); 40 × 15.090 = 603.60 (fee 1.14 → 2.95).
    expect(sold.data.list.map((o) => [o.filledQuantity, o.value, o.fee])).toEqual([
      ['40', '603.60', '2.95'],
      ['60', '904.80', '2.95'],
    ]);
    expect(await levelRows()).toBe(0);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('levels and the rest of the holding', () => {
  it('are cleared when the user sells the whole holding, and rebuilt from the database on a restart', async () => {
    t.clock.ms = Date.UTC(2026, 10, 27, 9, 30); // Friday 10:30
    t.books.set('ENI.MI', eniBook);
    const a = await newTrader(t, 200_000n);
    const b = await newTrader(t, 200_000n);
    for (const who of [a, b]) {
      const buy = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '10' });
      expect(buy.code, buy.msg).toBe(0);
    }
    t.clock.ms = Date.UTC(2026, 10, 30, 23, 0); // Tuesday 1 December, midnight in Milan: T+2
    await t.engine.settleDue();
    t.clock.ms = Date.UTC(2026, 11, 1, 9, 30);
    expect((await tpsl(a.token, { symbol: 'ENI.MI', stopLoss: '13.000' })).code).toBe(0);
    expect((await tpsl(b.token, { symbol: 'ENI.MI', takeProfit: '16.000', stopLoss: '12.000' })).code).toBe(
      0,
    );

    const sell = await placeOrder(t, 'sell', a.token, { symbol: 'ENI.MI', type: 'market', quantity: '10' });
    expect(sell.data.state).toBe('closed');
    expect(await hold(a.token)).toMatchObject({ quantity: '0', stopLoss: null });

    // A restart: the index is what the database holds (b's two levels; a's stale stop loss is gone).
    await t.engine.load();
    expect(t.engine.triggers.size).toBe(2);
    expect(t.engine.triggers.nearest('ENI.MI')).toEqual({ above: 16_000n, below: 12_000n });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('asks for the transaction password once one is set, and a wrong one arms nothing', async () => {
    const who = await newTrader(t, 200_000n);
    t.clock.ms = Date.UTC(2026, 11, 1, 9, 30);
    expect(
      (await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '5' })).code,
    ).toBe(0);
    const set = await call(
      t.app,
      'POST',
      '/user/pin/set',
      { type: 'trade', password: 'segreta1', pin: '135790', confirmPin: '135790' },
      { token: who.token },
    );
    expect(set.code, set.msg).toBe(0);
    const rows = await levelRows();
    const levels = { symbol: 'ENI.MI', takeProfit: '15.000' };
    expect(await tpsl(who.token, levels)).toMatchObject({
      code: -1001,
      msg: 'Enter your transaction password.',
    });
    const wrong = await tpsl(who.token, { ...levels, tradePassword: '000000' });
    expect(wrong.msg).toMatch(/^Wrong transaction password/);
    expect(await levelRows()).toBe(rows);
    const right = await tpsl(who.token, { ...levels, tradePassword: '135790' });
    expect(right.code, right.msg).toBe(0);
    expect(right.data.takeProfit).toBe('15.000');
    expect(await levelRows()).toBe(rows + 1);
  });

  it('checks the transaction password in full once for a run of changes on one session, again after a wrong one', async () => {
    const who = await newTrader(t, 200_000n);
    t.clock.ms = Date.UTC(2026, 11, 1, 9, 30);
    expect(
      (await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '5' })).code,
    ).toBe(0);
    const set = await call(
      t.app,
      'POST',
      '/user/pin/set',
      { type: 'trade', password: 'segreta1', pin: '135790', confirmPin: '135790' },
      { token: who.token },
    );
    expect(set.code, set.msg).toBe(0);
    // Every argon2 check of a pin, counted through the module's own function (decision 066).
    const verifySpy = vi.spyOn(pinHashes, 'verify');
    try {
      const change = async (params: Record<string, string>) => {
        const before = verifySpy.mock.calls.length;
        const res = await tpsl(who.token, { symbol: 'ENI.MI', ...params });
        return { msg: res.msg, argon2: verifySpy.mock.calls.length - before };
      };
      expect(await change({ takeProfit: '15.000', tradePassword: '135790' })).toEqual({
        msg: 'Success',
        argon2: 1,
      });
      expect(await change({ takeProfit: '15.500', tradePassword: '135790' })).toEqual({
        msg: 'Success',
        argon2: 0,
      });
      expect((await hold(who.token)).takeProfit).toBe('15.500');
      const wrong = await change({ takeProfit: '16.000', tradePassword: '000000' });
      expect(wrong.msg).toMatch(/^Wrong transaction password/);
      expect(wrong.argon2).toBe(1);
      // The wrong one locked the session again: the right one is checked in full, then unlocks it anew.
      expect(await change({ stopLoss: '13.500', tradePassword: '135790' })).toEqual({
        msg: 'Success',
        argon2: 1,
      });
      expect(await change({ stopLoss: '13.400', tradePassword: '135790' })).toEqual({
        msg: 'Success',
        argon2: 0,
      });
      const after = await hold(who.token);
      expect([after.takeProfit, after.stopLoss]).toEqual([null, '13.400']);
    } finally {
      verifySpy.mockRestore();
    }
  });
});

describe('two engines on one database', () => {
  it('sell a holding once when both see its stop loss reached at the same time', async () => {
    t.clock.ms = Date.UTC(2026, 11, 1, 9, 30); // Tuesday 1 December, in session
    t.books.set('ENI.MI', eniBook);
    const who = await newTrader(t, 200_000n);
    expect(
      (await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '20' })).code,
    ).toBe(0);
    t.clock.ms = Date.UTC(2026, 11, 2, 23, 0); // Thursday 3 December, midnight in Milan: T+2
    await t.engine.settleDue();
    t.clock.ms = Date.UTC(2026, 11, 3, 9, 30);
    expect((await tpsl(who.token, { symbol: 'ENI.MI', stopLoss: '14.000' })).code).toBe(0);

    // A second instance of the server: its own engine, loaded from the same database.
    const other = createSpotEngine(t.app.services);
    await Promise.all([t.engine.load(), other.load()]);
    t.books.set('ENI.MI', { last: 13_900n, bids: [{ price: 13_880n, quantity: 1_000n }], asks: [] });
    const sold = await Promise.all([t.engine.step(), other.step()]);
    expect(sold[0] + sold[1]).toBe(1);
    const orders = await t.db.query<{ state: string; filled: bigint }>(
      `select state, filled_quantity as filled from stock_orders where user_id = $1 and side = 'sell'`,
      [who.id],
    );
    expect(orders).toEqual([{ state: 'system_close', filled: 20n }]);
    expect(await userBalance(t, who.id, 'spot', 'ENI.MI')).toBe(0n);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('the ledger verifier', () => {
  it('finds a sale a level made recorded as an ordinary close, and nothing once it is put back', async () => {
    const [fire] = await t.db.query<{ orderId: bigint }>(
      'select order_id as "orderId" from stock_tpsl_fires order by order_id limit 1',
    );
    const orderId = fire?.orderId ?? 0n;
    await t.db.query(`update stock_orders set state = 'closed' where id = $1`, [orderId]);
    const breaches = await verifyLedger(t.db);
    expect(breaches.map((b) => [b.check, b.subject])).toEqual([
      ['stock-tpsl-fires', `stock order ${orderId}`],
    ]);
    await t.db.query(`update stock_orders set state = 'system_close' where id = $1`, [orderId]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('six saves of the levels of one holding at once', () => {
  it('all answer, and the holding keeps one pair of levels', async () => {
    t.clock.ms = Date.UTC(2026, 11, 3, 9, 30);
    t.books.set('ENI.MI', eniBook);
    const who = await newTrader(t, 200_000n);
    expect(
      (await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '5' })).code,
    ).toBe(0);
    const levels = ['15.000', '15.200', '15.400', '15.600', '15.800', '16.000'];
    const answers = await Promise.all(
      levels.map((takeProfit) => tpsl(who.token, { symbol: 'ENI.MI', takeProfit })),
    );
    expect(answers.map((a) => a.msg)).toEqual(levels.map(() => 'Success'));
    const rows = await t.db.query<{ takeProfit: bigint }>(
      'select take_profit as "takeProfit" from stock_tpsl where user_id = $1',
      [who.id],
    );
    expect(rows).toHaveLength(1);
    expect(levels.map((l) => BigInt(l.replace('.', '')))).toContain(rows[0]?.takeProfit);
  });
});
