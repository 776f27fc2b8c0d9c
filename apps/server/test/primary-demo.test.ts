import type { BlockView } from '@piazza/contract/calls/blocks-shapes';
import type { OfferingView, SubscriptionView } from '@piazza/contract/calls/primary-shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOfferings } from '../src/modules/primary';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { requestId } from './primary-steps';

/* Demo mode's primary market: every page of it has something real on the first start, once. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, clock: new TestClock(Date.UTC(2026, 10, 23, 9, 10)) });
});
afterAll(() => t?.close());

const names = (list: { name: string }[]) => list.map((o) => o.name);

describe('the demo offerings', () => {
  it('open an IPO, an offline placement, an ICO and a block now, and announce an IPO to come', async () => {
    const get = <T>(method: 'GET' | 'POST', path: string) => call<T>(t.app, method, path);
    expect(names((await get<{ list: OfferingView[] }>('GET', '/stock/new/today')).data.list)).toEqual([
      'Ferrovie Alpine',
    ]);
    expect(names((await get<{ list: OfferingView[] }>('GET', '/stock/new/list/coming')).data.list)).toEqual([
      'Vigneti Toscani',
    ]);
    expect(names((await get<{ list: OfferingView[] }>('GET', '/stock/offline/today')).data.list)).toEqual([
      'Officine Meccaniche Emiliane',
    ]);
    expect(names((await get<{ list: OfferingView[] }>('POST', '/coin/new/today')).data.list)).toEqual([
      'Lagoon Network',
    ]);
    const blocks = (await get<{ list: BlockView[] }>('GET', '/stock/bulk/list')).data.list;
    expect(blocks.map((b) => [b.symbol, b.state])).toEqual([['ENI.MI', 'open']]);
    await seedDemoOfferings(t.app.services);
    const [count] = await t.db.query<{ n: bigint }>('select count(*) as n from offerings');
    expect(count?.n).toBe(4n);
  });

  it('let the demo investor subscribe to the open IPO with the money the demo gives', async () => {
    const login = await call<{ token: string }>(t.app, 'POST', '/user/login', {
      account: 'demo@piazza.it',
      password: 'Piazza2026',
    });
    const [falp] = (await call<{ list: OfferingView[] }>(t.app, 'GET', '/stock/new/today')).data.list;
    const applied = await call<SubscriptionView>(
      t.app,
      'POST',
      '/stock/order/new/apply',
      { id: falp?.id ?? 0, lots: 4, requestId: requestId() },
      { token: login.data.token },
    );
    expect(applied.code, applied.msg).toBe(0);
    // 4 lots of 50 shares at 8.40 less 3% (8.148, rounded up to 8.15).
    expect(applied.data).toMatchObject({
      state: 'applying',
      quantityApplied: '200',
      amountApplied: '1630.00',
    });
  });
});
