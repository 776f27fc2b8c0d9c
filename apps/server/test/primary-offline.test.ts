import type { OfferingView, SubscriptionView } from '@piazza/contract/calls/primary-shapes';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/ledger/verify';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import {
  adminOf,
  balance,
  day,
  hour,
  ipoTerms,
  newApplicant,
  publishOffering,
  requestId,
  runJob,
} from './primary-steps';

/*
 * An offline placement (issue 12 item 5): 10 lots of 100 Newco shares at 9.50, applied for like an IPO and
 * allotted by hand in the back office, audited; payment, lapse and listing as an IPO's.
 */

const start = Date.UTC(2026, 10, 23, 9, 0);

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const applyOffline = (app: TestApp, token: string, id: number, lots: number) =>
  call<SubscriptionView>(
    app.app,
    'POST',
    '/stock/order/offline/apply',
    { id, lots, requestId: requestId() },
    { token },
  );

describe('an offline placement', () => {
  it('is allotted by an operator one application at a time, within what is left, and lists like an IPO', async () => {
    const clock = new TestClock(start);
    t = await createTestApp({ clock });
    const offering = await publishOffering(t, ipoTerms(start, { kind: 'offline' }));
    expect(offering.kind).toBe('offline');
    const [anna, bruno, carla] = [
      await newApplicant(t, 10_000_00n),
      await newApplicant(t, 10_000_00n),
      await newApplicant(t, 10_000_00n),
    ];
    clock.advance(2 * hour);
    const today = await call<{ list: OfferingView[] }>(t.app, 'GET', '/stock/offline/today');
    expect(today.data.list.map((o) => o.id)).toEqual([offering.id]);
    expect((await call<{ list: OfferingView[] }>(t.app, 'GET', '/stock/new/today')).data.list).toEqual([]);
    const ids: number[] = [];
    for (const [who, lots] of [
      [anna, 6],
      [bruno, 4],
      [carla, 3],
    ] as const) {
      const res = await applyOffline(t, who.token, offering.id, lots);
      expect(res.code, res.msg).toBe(0);
      ids.push(res.data.id);
    }
    const admin = await adminOf(t);
    const allot = (id: number | undefined, lots: number) =>
      call<SubscriptionView & { investor: string }>(
        t?.app as TestApp['app'],
        'POST',
        '/admin/offerings/allot/one',
        { id: id ?? 0, lots },
        {
          token: admin,
        },
      );
    expect((await allot(ids[0], 5)).msg).toBe('The subscription window must close before the allotment.');
    clock.advance(day);
    // The allotment job leaves an offline placement to the operator.
    expect(await runJob(t, 'offering-allot')).toEqual([]);
    expect((await allot(ids[0], 7)).msg).toBe(
      'Allot a whole number of lots, from 0 to what was applied for.',
    );
    const first = await allot(ids[0], 6);
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ state: 'allotted', lotsAllotted: 6, amountDue: '5700.00' });
    expect((await allot(ids[0], 1)).msg).toBe('This application was already allotted.');
    expect((await allot(ids[1], 5)).msg).toBe(
      'Allot a whole number of lots, from 0 to what was applied for.',
    );
    const second = await allot(ids[1], 4);
    expect(second.code, second.msg).toBe(0);
    expect((await allot(ids[2], 1)).msg).toBe('Only 0 lots of the placement are left to allot.');
    // Payable as soon as it is allotted.
    const paid = await call(
      t.app,
      'POST',
      '/stock/order/offline/pay',
      { id: ids[0] ?? 0, requestId: requestId() },
      {
        token: anna.token,
      },
    );
    expect(paid.code, paid.msg).toBe(0);
    const closed = await call<OfferingView>(
      t.app,
      'POST',
      '/admin/offerings/allot/close',
      { id: offering.id },
      {
        token: admin,
      },
    );
    expect(closed.code, closed.msg).toBe(0);
    expect(closed.data.allotment).toMatchObject({ lotsAllotted: 10, lotsApplied: 13 });
    const carlas = await call<{ list: SubscriptionView[] }>(
      t.app,
      'GET',
      '/stock/order/offline/list',
      {},
      {
        token: carla.token,
      },
    );
    expect(carlas.data.list[0]?.state).toBe('unallotted');
    const [audited] = await t.db.query<{ n: bigint }>(
      `select count(*) as n from audit_log where action in ('offering.allot', 'offering.allotClose')`,
    );
    expect(audited?.n).toBe(3n);

    clock.advance(2 * day);
    await runJob(t, 'offering-list');
    expect(await balance(t, anna.id, 'locked', 'NEWCO.MI')).toBe(600n);
    expect(await balance(t, anna.id, 'spot')).toBe(10_000_00n - 5_700_00n);
    expect(await balance(t, bruno.id, 'locked', 'NEWCO.MI')).toBe(0n);
    const brunos = await call<{ list: SubscriptionView[] }>(
      t.app,
      'GET',
      '/stock/order/offline/list',
      {},
      {
        token: bruno.token,
      },
    );
    expect(brunos.data.list[0]?.state).toBe('lapsed');
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
