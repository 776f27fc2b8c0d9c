import type { RobotOrderView, RobotView } from '@piazza/contract/calls/robot-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { call, createTestApp, type TestApp, TestClock } from './helper';

/* Demo mode's AI Multiplier: four products with a live record measured from the books' own trades. */

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
});
