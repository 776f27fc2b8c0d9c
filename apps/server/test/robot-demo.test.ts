import type { FundOrderView, FundView } from '@piazza/contract/calls/fund-shapes';
import type { RobotOrderView, RobotView } from '@piazza/contract/calls/robot-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { call, createTestApp, type TestApp, TestClock } from './helper';

/*
 * Demo mode's managed products: four AI products and two copy-trading funds with a live record measured from
 * the books' own trades.
 */

let t: TestApp;
let seededInMs = 0;
beforeAll(async () => {
  const started = Date.now();
  t = await createTestApp({ seed: true, clock: new TestClock(Date.UTC(2026, 10, 23, 9, 10)) });
  seededInMs = Date.now() - started;
});
afterAll(() => t?.close());

describe('the demo AI products', () => {
  it('are one per strategy, each with 15 closes of live record and trades it really made', async () => {
    const list = await call<{ list: RobotView[] }>(t.app, 'POST', '/stock/ai/list');
    expect(list.data.list.map((r) => r.strategy).sort()).toEqual([
      'breakout',
      'meanReversion',
      'trend',
      'volatilityTarget',
    ]);
    let traded = 0;
    for (const r of list.data.list) {
      const info = await call<{ live: { days: number; trades: number } }>(t.app, 'POST', '/stock/ai/info', {
        id: r.id,
      });
      expect(info.data.live.days).toBe(15);
      traded += info.data.live.trades;
      expect(r.subscribers).toBe(1);
    }
    expect(traded).toBeGreaterThan(0);
    expect(await verifyLedger(t.db)).toEqual([]);
    console.info(`demo seed with the AI products: ${seededInMs} ms`);
  });

  it('belong to the second demo investor, who can sign in and read their orders', async () => {
    const login = await call<{ token: string }>(t.app, 'POST', '/user/login', {
      account: 'marco@piazza.it',
      password: 'Piazza2026',
    });
    expect(login.code, login.msg).toBe(0);
    const orders = await call<{ list: RobotOrderView[] }>(
      t.app,
      'POST',
      '/stock/ai/order/list',
      {},
      {
        token: login.data.token,
      },
    );
    expect(orders.data.list).toHaveLength(4);
    expect(orders.data.list.every((o) => o.state === 'active')).toBe(true);
  });

  it('include two funds, one traded by its manager’s tickets and one by the trend strategy, both followed', async () => {
    const funds = await call<{ list: FundView[] }>(t.app, 'POST', '/fund/list');
    expect(funds.data.list.map((f) => [f.name, f.mode, f.followers]).sort()).toEqual([
      ['Energia Italia', 'manual', 1],
      ['Momentum Blue Chip', 'strategy', 1],
    ]);
    const manual = funds.data.list.find((f) => f.mode === 'manual') as FundView;
    const record = await call<{
      holdings: { symbol: string; quantity: string }[];
      list: { side: string; symbol: string; quantity: string }[];
    }>(t.app, 'POST', '/fund/record/stocks', { id: manual.id });
    // The basket bought on the first session, part of ENI and SRG sold on the eighth: what is held is what the
    // executed trades leave.
    const trades = record.data.list;
    expect(
      trades
        .filter((x) => x.side === 'buy')
        .map((x) => x.symbol)
        .sort(),
    ).toEqual(['ENEL.MI', 'ENI.MI', 'SRG.MI', 'TRN.MI']);
    expect(
      trades
        .filter((x) => x.side === 'sell')
        .map((x) => x.symbol)
        .sort(),
    ).toEqual(['ENI.MI', 'SRG.MI']);
    const left = new Map<string, number>();
    for (const x of trades) {
      left.set(x.symbol, (left.get(x.symbol) ?? 0) + (x.side === 'buy' ? 1 : -1) * Number(x.quantity));
    }
    expect(Object.fromEntries(record.data.holdings.map((h) => [h.symbol, Number(h.quantity)]))).toEqual(
      Object.fromEntries(left),
    );
    const info = await call<{ live: { days: number } }>(t.app, 'POST', '/fund/info', { id: manual.id });
    expect(info.data.live.days).toBe(15);

    const login = await call<{ token: string }>(t.app, 'POST', '/user/login', {
      account: 'marco@piazza.it',
      password: 'Piazza2026',
    });
    const orders = await call<{ list: FundOrderView[] }>(
      t.app,
      'POST',
      '/fund/order/list',
      {},
      {
        token: login.data.token,
      },
    );
    expect(orders.data.list.map((o) => o.invested).sort()).toEqual(['10000.00', '10000.00']);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
