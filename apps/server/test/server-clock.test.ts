import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdmin, signIn } from './admin-fixtures';
import { newRequestId } from './funding-steps';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { eniBook, mondayInSession, newTrader, placeOrder, scriptedMarket } from './trading-steps';

/*
 * One clock (issue 17, decision 043): on a server whose clock is days away from the real one, an order, the
 * journal entries it posts, the funds detail and the back office's audit log all carry the server's time.
 * Before, journal entries and every defaulted column took the database's now().
 */

interface Bill {
  billType: string;
  refType: string | null;
  refId: string | null;
  createdAt: number;
}

let t: TestApp;
const clock = new TestClock(mondayInSession);
beforeAll(async () => {
  // ENI.MI's book set by hand; the demo operators exist in demo mode.
  const { market, books } = scriptedMarket(clock);
  books.set('ENI.MI', eniBook);
  t = await createTestApp({ clock, market });
});
afterAll(async () => {
  await t?.close();
});

const bills = async (token: string, billTypes: string) => {
  const res = await call<{ list: Bill[] }>(t.app, 'GET', '/user/tx/record', { billTypes }, { token });
  expect(res.code, res.msg).toBe(0);
  return res.data.list;
};

describe('one server clock', () => {
  it('leaves no recorded time to the database clock but a session’s', async () => {
    const rows = await t.db.query<{ column: string }>(
      `select table_name || '.' || column_name as "column" from information_schema.columns
        where table_schema = current_schema() and column_default like '%now()%'
          and column_default not like '%piazza_now()%'
        order by 1`,
    );
    expect(rows.map((r) => r.column)).toEqual([
      'operator_sessions.created_at',
      'operator_sessions.last_seen_at',
      'schema_migrations.applied_at',
      'sessions.created_at',
      'sessions.last_seen_at',
    ]);
  });

  it('stamps an order and its journal entries with the server’s 10:37, not the real time', async () => {
    // Monday 23 November 2026, 10:37 in Milan; the machine's clock is elsewhere.
    clock.ms = mondayInSession + 7 * 60_000;
    expect(Math.abs(Date.now() - clock.ms)).toBeGreaterThan(60_000);
    const who = await newTrader(t, 100_000n);
    const order = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '10' });
    expect(order.code, order.msg).toBe(0);
    expect(order.data.createdAt).toBe(clock.ms);

    // The funds detail reads each line's time off its journal entry.
    const trades = await bills(who.token, 'spot_buy');
    expect(trades.length).toBeGreaterThan(0);
    for (const bill of trades) expect(bill.createdAt).toBe(clock.ms);
  });

  it('gives an operator’s reward the same time in the funds detail and the back office’s audit log', async () => {
    clock.ms = mondayInSession + 41 * 60_000;
    const who = await newTrader(t, 0n);
    const admin = await signIn(t.app, demoAdmin);
    const reward = await call<{ entryId: string }>(
      t.app,
      'POST',
      '/admin/user/reward',
      { id: who.id, asset: 'EUR', amount: '42', reason: 'Welcome', requestId: newRequestId() },
      { token: admin },
    );
    expect(reward.code, reward.msg).toBe(0);

    const [bill] = await bills(who.token, 'platform_reward');
    expect(bill?.createdAt).toBe(clock.ms);
    const audit = await call<{ list: { action: string; targetId: string; createdAt: number }[] }>(
      t.app,
      'GET',
      '/admin/audit',
      { targetType: 'user', targetId: String(who.id) },
      { token: admin },
    );
    expect(audit.code, audit.msg).toBe(0);
    expect(audit.data.list.length).toBeGreaterThan(0);
    for (const row of audit.data.list) expect(row.createdAt).toBe(clock.ms);
  });
});
