import type { CurrencyStatisticsView, HoldView, OrderView } from '@piazza/contract/calls/trading-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helper';
import { createTradingApp, credit, eniBook, newTrader, placeOrder, type TradingApp } from './trading-steps';

/*
 * /stock/order/statistics from the fills of one investor: ENI.MI in euros (fees 0.19 % between €2.95 and
 * €19.00) and AAPL.US in dollars (half a cent a share, at least $1.00), never added together; and the order
 * list paged beyond 50.
 */

let t: TradingApp;
let who: { token: string; id: number };

type Statistics = { period: string; list: CurrencyStatisticsView[] };
const statistics = (token: string, params: Record<string, string> = {}, lang?: string) =>
  call<Statistics>(t.app, 'GET', '/stock/order/statistics', params, { token, lang });

beforeAll(async () => {
  t = await createTradingApp(); // Monday 23 November 2026, 10:30 in Milan
  t.books.set('ENI.MI', eniBook);
  who = await newTrader(t, 1_000_000n); // €10,000.00
  await credit(t, who.id, 'USD', 500_000n); // $5,000.00
  const buy = (quantity: string) =>
    placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity });
  // 60 × 14.230 + 30 × 14.232 + 10 × 14.236 = 1,423.12, fee 2.95: cost 1,426.07.
  expect((await buy('100')).data.value).toBe('1423.12');
  // 50 × 14.230 = 711.50, fee 2.95: the 150 shares cost 2,140.52.
  expect((await buy('50')).data.value).toBe('711.50');
  // A limit buy under the market, cancelled: an order, no fill.
  const resting = await placeOrder(t, 'buy', who.token, {
    symbol: 'ENI.MI',
    type: 'limit',
    quantity: '10',
    price: '14.000',
  });
  expect(resting.data.state).toBe('open');
  const cancelled = await call(
    t.app,
    'GET',
    '/stock/order/cancel',
    { id: resting.data.id },
    { token: who.token },
  );
  expect(cancelled.code, cancelled.msg).toBe(0);

  t.clock.ms = Date.UTC(2026, 10, 24, 23, 0); // Wednesday, midnight in Milan: T+2
  await t.engine.settleDue();
  t.clock.ms = Date.UTC(2026, 10, 25, 15, 30); // Wednesday 16:30 in Milan, 10:30 in New York

  const sell = (quantity: string) =>
    placeOrder(t, 'sell', who.token, { symbol: 'ENI.MI', type: 'market', quantity });
  // 60 at the bid 14.220 = 853.20, fee 2.95; their cost 2,140.52 × 60/150 = 856.21: a loss of 5.96.
  expect((await sell('60')).data.value).toBe('853.20');
  // 30 at 15.000 = 450.00, fee 2.95; their cost 1,284.31 × 30/90 = 428.10: a gain of 18.95.
  t.books.set('ENI.MI', { last: 15_000n, bids: [{ price: 15_000n, quantity: 1_000n }], asks: eniBook.asks });
  expect((await sell('30')).data.value).toBe('450.00');

  // 10 AAPL at $200.00 = $2,000.00, fee $1.00 (10 × $0.005 is under the minimum); the last trade is $210.00.
  t.books.set('AAPL.US', { last: 21_000n, bids: [], asks: [{ price: 20_000n, quantity: 100n }] });
  const aapl = await placeOrder(t, 'buy', who.token, { symbol: 'AAPL.US', type: 'market', quantity: '10' });
  expect(aapl.code, aapl.msg).toBe(0);
  expect(aapl.data).toMatchObject({ value: '2000.00', fee: '1.00' });
});
afterAll(async () => {
  await t?.close();
});

describe('statistics over all time', () => {
  it('answers euros and dollars on their own lines, every figure from the fills', async () => {
    const res = await statistics(who.token);
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toEqual({
      period: 'all',
      list: [
        {
          currency: 'EUR',
          // −5.96 + 18.95
          realisedPnl: '12.99',
          // 60 shares left costing 2,140.52 − 856.21 − 428.10 = 856.21, worth 60 × 15.000 = 900.00.
          unrealisedPnl: '43.79',
          fees: '11.80',
          boughtValue: '2134.62',
          soldValue: '1303.20',
          orders: 5,
          fills: 6,
          closedSells: 2,
          winningSells: 1,
          winRate: '50.00',
        },
        {
          currency: 'USD',
          realisedPnl: '0.00',
          // Worth 10 × 210.00 = 2,100.00 against a cost of 2,001.00.
          unrealisedPnl: '99.00',
          fees: '1.00',
          boughtValue: '2000.00',
          soldValue: '0.00',
          orders: 1,
          fills: 1,
          closedSells: 0,
          winningSells: 0,
          winRate: null,
        },
      ],
    });
  });

  it('agrees with the holdings: unrealised P&L is the P&L the holding cards show', async () => {
    const list = await call<{ list: HoldView[] }>(t.app, 'GET', '/stock/hold/list', {}, { token: who.token });
    expect(list.data.list.map((h) => [h.symbol, h.quantity, h.cost, h.pnl])).toEqual([
      ['AAPL.US', '10', '2001.00', '99.00'],
      ['ENI.MI', '60', '856.21', '43.79'],
    ]);
  });

  it('is empty for an investor who never traded, and refuses an unknown period', async () => {
    const fresh = await newTrader(t, 0n);
    expect((await statistics(fresh.token)).data).toEqual({ period: 'all', list: [] });
    const bad = await statistics(fresh.token, { period: 'week' });
    expect(bad.code).toBe(-1001);
    expect(bad.msg).toMatch(/period/);
  });
});

describe('statistics over the last 30 days', () => {
  it('counts only the fills and orders of the window; what is held is valued all the same', async () => {
    const inWindow = await statistics(who.token, { period: '30d' });
    expect(inWindow.data.list.map((c) => [c.currency, c.realisedPnl, c.fees, c.orders, c.fills])).toEqual([
      ['EUR', '12.99', '11.80', 5, 6],
      ['USD', '0.00', '1.00', 1, 1],
    ]);

    t.clock.ms = Date.UTC(2026, 11, 26, 15, 30); // Saturday 26 December: the trades are 31 days old
    const later = await statistics(who.token, { period: '30d' });
    expect(later.code, later.msg).toBe(0);
    expect(later.data.period).toBe('30d');
    expect(later.data.list).toEqual([
      expect.objectContaining({
        currency: 'EUR',
        realisedPnl: '0.00',
        unrealisedPnl: '43.79',
        fees: '0.00',
        orders: 0,
        fills: 0,
        closedSells: 0,
        winRate: null,
      }),
      expect.objectContaining({ currency: 'USD', realisedPnl: '0.00', unrealisedPnl: '99.00', fills: 0 }),
    ]);
    const all = await statistics(who.token, { period: 'all' });
    expect(all.data.list[0]?.realisedPnl).toBe('12.99');
  });
});

describe('the order list', () => {
  it('pages beyond 50: 55 orders come as 50 and 5, newest first, none twice', async () => {
    t.clock.ms = Date.UTC(2026, 11, 28, 9, 30); // Monday 28 December, in session
    t.books.set('ENI.MI', eniBook);
    const trader = await newTrader(t, 1_000_000n);
    for (let i = 0; i < 55; i++) {
      const res = await placeOrder(t, 'buy', trader.token, {
        symbol: 'ENI.MI',
        type: 'limit',
        quantity: '1',
        price: '14.000',
      });
      expect(res.code, res.msg).toBe(0);
    }
    type Page = { list: OrderView[]; total: number; page: number; size: number };
    const page = (n: number) =>
      call<Page>(
        t.app,
        'GET',
        '/stock/order/list',
        { state: 'open', page: n, size: 50 },
        { token: trader.token },
      );
    const first = await page(1);
    const second = await page(2);
    expect([first.data.total, first.data.list.length, second.data.list.length]).toEqual([55, 50, 5]);
    const ids = [...first.data.list, ...second.data.list].map((o) => o.id);
    expect(new Set(ids).size).toBe(55);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
