import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorWithRole } from './admin-fixtures';
import { adminToken, channelId, type Investor, newInvestor, newRequestId } from './funding-steps';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { submitKyc } from './kyc-steps';

interface Queue {
  name: string;
  screen: string;
  count: number;
  oldestAt: number | null;
}

let t: TestApp;
let admin: string;
const clock = new TestClock();
const minute = 60_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

async function dashboard(token: string): Promise<Map<string, Queue>> {
  const res = await call<{ queues: Queue[] }>(t.app, 'GET', '/admin/dashboard', {}, { token });
  expect(res.code, res.msg).toBe(0);
  return new Map(res.data.queues.map((q) => [q.name, q]));
}

async function askDeposit(who: Investor, amount: string): Promise<void> {
  const sent = await call(
    t.app,
    'POST',
    '/user/recharge/bank/request',
    {
      channelId: await channelId(t.app, 'bank'),
      amount,
      utr: `UTR${randomBytes(4).toString('hex')}`,
      requestId: newRequestId(),
    },
    { token: who.token },
  );
  expect(sent.code, sent.msg).toBe(0);
}

describe('the back office dashboard', () => {
  it('counts the deposits waiting for finance and dates the oldest, and empties when they are decided', async () => {
    const giulia = await newInvestor(t.app);
    const before = (await dashboard(admin)).get('deposits')!;
    const firstAt = clock.now();
    await askDeposit(giulia, '100');
    clock.advance(30 * minute);
    await askDeposit(giulia, '250');

    const after = (await dashboard(admin)).get('deposits')!;
    expect(after).toMatchObject({ screen: '/deposits', count: before.count + 2 });
    if (before.count === 0) expect(after.oldestAt).toBe(firstAt);

    const rows = await t.db.query<{ id: string }>(
      `select id from deposits where user_id = $1 and state = 'review'`,
      [giulia.id],
    );
    for (const { id } of rows) {
      const res = await call(
        t.app,
        'POST',
        '/admin/funding/deposit/approve',
        { id: Number(id), requestId: newRequestId() },
        { token: admin },
      );
      expect(res.code, res.msg).toBe(0);
    }
    expect((await dashboard(admin)).get('deposits')!.count).toBe(before.count);
  });

  it('counts a KYC submission under review', async () => {
    const before = (await dashboard(admin)).get('kyc')!;
    const marco = await newInvestor(t.app, { kyc: false, pin: false });
    await submitKyc(t.app, marco.token);
    const after = (await dashboard(admin)).get('kyc')!;
    expect(after.count).toBe(before.count + 1);
    expect(after.oldestAt).not.toBeNull();
  });

  it('shows each operator the queues of their role only; an admin sees them all', async () => {
    expect([...(await dashboard(admin)).keys()]).toEqual([
      'kyc',
      'hni',
      'deposits',
      'withdrawals',
      'loans',
      'service',
    ]);
    const finance = await operatorWithRole(t.app, admin, 'finance');
    expect([...(await dashboard(finance)).keys()]).toEqual(['deposits', 'withdrawals', 'loans']);
    const compliance = await operatorWithRole(t.app, admin, 'compliance');
    expect([...(await dashboard(compliance)).keys()]).toEqual(['kyc', 'hni']);
    const support = await operatorWithRole(t.app, admin, 'support');
    expect([...(await dashboard(support)).keys()]).toEqual(['hni', 'service']);
  });

  it('is refused to an investor', async () => {
    const luca = await newInvestor(t.app, { pin: false });
    const res = await call(t.app, 'GET', '/admin/dashboard', {}, { token: luca.token });
    expect(res.code).not.toBe(0);
  });
});
