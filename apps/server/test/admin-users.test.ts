import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserSession } from '../src/http/sessions';
import { balanceOf } from '../src/ledger/post';
import { countRows, demoAdmin, demoSupport, investor, operatorWithRole, signIn } from './admin-fixtures';
import { call, createTestApp, type TestApp } from './helper';
import { registerInvestor } from './identity-steps';

let t: TestApp;
let admin: string;
let support: string;
let finance: string;
let compliance: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAdmin);
  support = await signIn(t.app, demoSupport);
  finance = await operatorWithRole(t.app, admin, 'finance');
  compliance = await operatorWithRole(t.app, admin, 'compliance');
});
afterAll(() => t.close());

interface UserRow {
  id: number;
  displayId: string;
  account: string;
  status: number;
  idStatus: string;
}
interface List<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}
interface AuditRow {
  action: string;
  targetType: string;
  targetId: string;
  operator: { email: string } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}

const spot = (ownerId: number, asset: string) =>
  ({ ownerType: 'user', ownerId, purpose: 'spot', asset }) as const;

async function auditOf(targetType: string, targetId: number | string) {
  const res = await call<List<AuditRow>>(
    t.app,
    'GET',
    '/admin/audit',
    { targetType, targetId },
    { token: admin },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data.list;
}

describe('the users list', () => {
  it('lists investors newest first, pages them, and finds one by account, id or displayed id', async () => {
    const anna = await investor(t.db, 'anna.rossi@example.it');
    const bruno = await investor(t.db, 'bruno.verdi@example.it');
    const all = await call<List<UserRow>>(
      t.app,
      'GET',
      '/admin/users',
      { page: 1, size: 1 },
      { token: support },
    );
    expect(all.code).toBe(0);
    expect(all.data.total).toBeGreaterThanOrEqual(2);
    expect(all.data.list).toEqual([
      expect.objectContaining({
        id: bruno.id,
        displayId: `IN365201820${bruno.id}`,
        status: 1,
        idStatus: 'none',
      }),
    ]);

    const byAccount = await call<List<UserRow>>(
      t.app,
      'GET',
      '/admin/users',
      { q: 'ANNA.ross' },
      { token: finance },
    );
    expect(byAccount.data.list.map((u) => u.account)).toEqual(['anna.rossi@example.it']);
    const byDisplayId = await call<List<UserRow>>(
      t.app,
      'GET',
      '/admin/users',
      { q: `IN365201820${anna.id}` },
      { token: compliance },
    );
    expect(byDisplayId.data.list.map((u) => u.id)).toEqual([anna.id]);
    const byId = await call<List<UserRow>>(
      t.app,
      'GET',
      '/admin/users',
      { q: String(bruno.id) },
      { token: admin },
    );
    expect(byId.data.list.map((u) => u.id)).toContain(bruno.id);
    const wildcard = await call<List<UserRow>>(t.app, 'GET', '/admin/users', { q: '%' }, { token: admin });
    expect(wildcard.data.total).toBe(0);
  });

  it('refuses a page size above 100, naming the rule', async () => {
    const res = await call(t.app, 'GET', '/admin/users', { size: 500 }, { token: support });
    expect(res).toMatchObject({ code: -1001, msg: 'size must be between 1 and 100' });
  });

  it('shows one investor with balances and sessions, and refuses an unknown id', async () => {
    const inv = await investor(t.db);
    const res = await call<{
      user: UserRow;
      balances: unknown[];
      sessions: { active: number; recent: number };
    }>(t.app, 'GET', '/admin/user', { id: inv.id }, { token: support });
    expect(res.code).toBe(0);
    expect(res.data.user).toMatchObject({
      id: inv.id,
      account: inv.account,
      accountType: 'email',
      creditScore: 80,
    });
    expect(res.data.balances).toEqual([]);
    expect(res.data.sessions).toMatchObject({ active: 1, recent: 1 });
    const unknown = await call(t.app, 'GET', '/admin/user', { id: 999999 }, { token: support });
    expect(unknown).toMatchObject({ code: -1001, msg: 'No user with id 999999' });
  });
});

describe('turning an investor off and on', () => {
  it('off ends every session at once, with the operator, the reason and the before/after in the audit log', async () => {
    const inv = await investor(t.db);
    const res = await call(
      t.app,
      'POST',
      '/admin/user/status',
      { id: inv.id, status: 0, reason: 'Suspected account takeover' },
      { token: support },
    );
    expect(res).toMatchObject({ code: 0, data: { id: inv.id, status: 0, sessionsEnded: 1 } });
    expect(await findUserSession(t.db, inv.token)).toBeUndefined();
    const detail = await call<{ user: UserRow; sessions: { active: number } }>(
      t.app,
      'GET',
      '/admin/user',
      { id: inv.id },
      { token: support },
    );
    expect(detail.data.user.status).toBe(0);
    expect(detail.data.sessions.active).toBe(0);
    expect(await auditOf('user', inv.id)).toEqual([
      expect.objectContaining({
        action: 'user.status',
        operator: expect.objectContaining({ email: 'support@piazza.local' }),
        before: { status: 1 },
        after: { status: 0, sessionsEnded: 1 },
        reason: 'Suspected account takeover',
      }),
    ]);

    const on = await call(
      t.app,
      'POST',
      '/admin/user/status',
      { id: inv.id, status: 1, reason: 'Owner verified' },
      { token: admin },
    );
    expect(on).toMatchObject({ code: 0, data: { status: 1, sessionsEnded: 0 } });
    expect((await auditOf('user', inv.id)).map((a) => a.after)).toEqual([
      { status: 1, sessionsEnded: 0 },
      { status: 0, sessionsEnded: 1 },
    ]);
  });

  it('refuses without a reason, with a bad status, or with no change, and leaves nothing behind', async () => {
    const inv = await investor(t.db);
    const auditBefore = await countRows(t.db, 'audit_log');
    const cases: [Record<string, string | number>, string][] = [
      [{ id: inv.id, status: 0 }, 'Give a reason of at least 3 characters'],
      [{ id: inv.id, status: 0, reason: ' x ' }, 'Give a reason of at least 3 characters'],
      [{ id: inv.id, status: 2, reason: 'because' }, 'status must be 0 or 1'],
      [{ id: inv.id, status: 1, reason: 'because' }, 'The status is already 1'],
      [{ id: 999999, status: 0, reason: 'because' }, 'No user with id 999999'],
    ];
    for (const [params, msg] of cases) {
      expect(await call(t.app, 'POST', '/admin/user/status', params, { token: support })).toMatchObject({
        code: -1001,
        msg,
      });
    }
    expect(await countRows(t.db, 'audit_log')).toBe(auditBefore);
    expect(await findUserSession(t.db, inv.token)).toMatchObject({ id: inv.id, status: 1 });
  });
});

describe('what the investor notices', () => {
  it('is signed out at once when turned off, cannot log in until turned on, and sees a reward in its assets', async () => {
    const { token, user } = await registerInvestor(t.app, 'carla.neri@example.it', 'segreta1');
    expect((await call(t.app, 'POST', '/user/assets', {}, { token })).code).toBe(0);

    await call(
      t.app,
      'POST',
      '/admin/user/status',
      { id: user.id, status: 0, reason: 'Fraud check' },
      { token: support },
    );
    expect(await call(t.app, 'POST', '/user/assets', {}, { token })).toMatchObject({ code: -1000 });
    // The session is gone, so login-info answers as to a guest: the app drops its token (SPEC.md §4).
    expect(await call(t.app, 'GET', '/user/login/info', {}, { token })).toMatchObject({ code: 0, data: {} });
    const login = { account: 'carla.neri@example.it', password: 'segreta1' };
    expect(await call(t.app, 'POST', '/user/login', login)).toMatchObject({
      code: -1001,
      msg: 'This account has been disabled, please contact customer service',
    });

    await call(
      t.app,
      'POST',
      '/admin/user/status',
      { id: user.id, status: 1, reason: 'Cleared' },
      { token: support },
    );
    expect(await call(t.app, 'POST', '/user/assets', {}, { token })).toMatchObject({ code: -1000 });
    const again = await call<{ token: string }>(t.app, 'POST', '/user/login', login);
    expect(again.code, again.msg).toBe(0);

    const reward = {
      id: user.id,
      asset: 'EUR',
      amount: '42',
      reason: 'Welcome',
      requestId: 'investor-eyes-01',
    };
    expect((await call(t.app, 'POST', '/admin/user/reward', reward, { token: finance })).code).toBe(0);
    const assets = await call(t.app, 'POST', '/user/assets', {}, { token: again.data.token });
    expect(JSON.stringify(assets.data)).toContain('42.00');
  });
});

describe('roles', () => {
  it('lets each role do only what its queue owns', async () => {
    const inv = await investor(t.db);
    const forbidden = { code: -1001, msg: 'Your role does not allow this action' };
    const reward = {
      id: inv.id,
      asset: 'EUR',
      amount: '10',
      reason: 'goodwill',
      requestId: 'role-check-0001',
    };
    expect(await call(t.app, 'POST', '/admin/user/reward', reward, { token: support })).toMatchObject(
      forbidden,
    );
    expect(await call(t.app, 'POST', '/admin/user/reward', reward, { token: compliance })).toMatchObject(
      forbidden,
    );
    const status = { id: inv.id, status: 0, reason: 'testing roles' };
    expect(await call(t.app, 'POST', '/admin/user/status', status, { token: finance })).toMatchObject(
      forbidden,
    );
    expect(await call(t.app, 'POST', '/admin/user/status', status, { token: compliance })).toMatchObject(
      forbidden,
    );
    expect(await call(t.app, 'GET', '/admin/audit', {}, { token: support })).toMatchObject(forbidden);
    expect(await call(t.app, 'GET', '/admin/audit', {}, { token: finance })).toMatchObject(forbidden);
    expect((await call(t.app, 'GET', '/admin/audit', {}, { token: compliance })).code).toBe(0);
    expect(await call(t.app, 'GET', '/admin/outbox', {}, { token: finance })).toMatchObject(forbidden);
    expect((await call(t.app, 'GET', '/admin/outbox', {}, { token: support })).code).toBe(0);
    for (const token of [support, finance, compliance]) {
      expect(await call(t.app, 'GET', '/admin/operators', {}, { token })).toMatchObject(forbidden);
      expect(await call(t.app, 'GET', '/admin/content', {}, { token })).toMatchObject(forbidden);
    }
    expect(await balanceOf(t.db, spot(inv.id, 'EUR'))).toBe(0n);
    expect(await findUserSession(t.db, inv.token)).toMatchObject({ status: 1 });
  });
});

describe('platform rewards', () => {
  it('credits €250.50 from platform rewards to the spot account once, however often the request is repeated', async () => {
    const inv = await investor(t.db);
    const params = {
      id: inv.id,
      asset: 'EUR',
      amount: '250.5',
      reason: 'Compensation for a delayed withdrawal',
      requestId: 'reward-eur-0001',
    };
    const platform = { ownerType: 'platform', ownerId: 0, purpose: 'rewards', asset: 'EUR' } as const;
    const platformBefore = await balanceOf(t.db, platform);
    const first = await call<{ entryId: string; amount: string }>(
      t.app,
      'POST',
      '/admin/user/reward',
      params,
      {
        token: finance,
      },
    );
    expect(first).toMatchObject({ code: 0, data: { id: inv.id, asset: 'EUR', amount: '250.50' } });
    const again = await call(t.app, 'POST', '/admin/user/reward', params, { token: finance });
    expect(again).toEqual(first);

    expect(await balanceOf(t.db, spot(inv.id, 'EUR'))).toBe(25050n);
    expect(await balanceOf(t.db, platform)).toBe(platformBefore - 25050n);
    const entries = await t.db.query<{ bill_type: string; actor_type: string; memo: string }>(
      'select bill_type, actor_type, memo from journal_entries where ref_type = $1 and ref_id = $2',
      ['user', String(inv.id)],
    );
    expect(entries).toEqual([
      { bill_type: 'platform_reward', actor_type: 'operator', memo: 'Compensation for a delayed withdrawal' },
    ]);

    const detail = await call<{ balances: unknown[] }>(
      t.app,
      'GET',
      '/admin/user',
      { id: inv.id },
      { token: finance },
    );
    expect(detail.data.balances).toEqual([{ purpose: 'spot', asset: 'EUR', amount: '250.50' }]);
    expect(await auditOf('user', inv.id)).toEqual([
      expect.objectContaining({
        action: 'user.reward',
        before: { asset: 'EUR', spot: '0.00' },
        after: expect.objectContaining({
          asset: 'EUR',
          spot: '250.50',
          credited: '250.50',
          entryId: first.data.entryId,
        }),
        reason: 'Compensation for a delayed withdrawal',
      }),
    ]);

    // A new requestId is a new reward: 10 USDT at 6 decimals.
    const usdt = await call(
      t.app,
      'POST',
      '/admin/user/reward',
      { ...params, asset: 'USDT', amount: '10.000001', requestId: 'reward-usdt-0001' },
      { token: admin },
    );
    expect(usdt).toMatchObject({ code: 0, data: { amount: '10.000001' } });
    expect(await balanceOf(t.db, spot(inv.id, 'USDT'))).toBe(10_000_001n);
  });

  it('refuses bad amounts, assets, unknown users and a missing requestId, and moves nothing', async () => {
    const inv = await investor(t.db);
    const entriesBefore = await countRows(t.db, 'journal_entries');
    const auditBefore = await countRows(t.db, 'audit_log');
    const base = { id: inv.id, asset: 'EUR', amount: '10', reason: 'goodwill' };
    const cases: [Record<string, string | number>, string][] = [
      [{ ...base, amount: '0', requestId: 'refused-0001' }, 'The amount must be greater than zero'],
      [{ ...base, amount: '1.234', requestId: 'refused-0002' }, 'An amount in EUR has at most 2 decimals'],
      [{ ...base, amount: '-5', requestId: 'refused-0003' }, 'amount must be a decimal amount'],
      [{ ...base, amount: '1e3', requestId: 'refused-0004' }, 'amount must be a decimal amount'],
      [{ ...base, asset: 'BTC', requestId: 'refused-0005' }, 'asset must be EUR, USD or USDT'],
      [{ ...base, id: 999999, requestId: 'refused-0006' }, 'No user with id 999999'],
      [{ ...base, reason: '', requestId: 'refused-0007' }, 'Give a reason of at least 3 characters'],
      [base, 'requestId is missing or malformed'],
    ];
    for (const [params, msg] of cases) {
      expect(await call(t.app, 'POST', '/admin/user/reward', params, { token: finance })).toMatchObject({
        code: -1001,
        msg,
      });
    }
    expect(await countRows(t.db, 'journal_entries')).toBe(entriesBefore);
    expect(await countRows(t.db, 'audit_log')).toBe(auditBefore);
    expect(await countRows(t.db, "idempotency_keys where request_id like 'refused-%'")).toBe(0);
    // A refused requestId is not spent: the corrected request with the same id goes through.
    const retry = await call(
      t.app,
      'POST',
      '/admin/user/reward',
      { ...base, requestId: 'refused-0001' },
      { token: finance },
    );
    expect(retry).toMatchObject({ code: 0, data: { amount: '10.00' } });
  });
});

describe('operators', () => {
  it('lets an admin add an operator, refuses a duplicate e-mail, and audits the addition', async () => {
    const params = {
      email: 'Giulia@Piazza.test',
      name: 'Giulia Bianchi',
      role: 'compliance',
      password: 'long-enough-1',
    };
    const res = await call<{ operator: { id: number } }>(t.app, 'POST', '/admin/operators/add', params, {
      token: admin,
    });
    expect(res).toMatchObject({
      code: 0,
      data: { operator: { email: 'giulia@piazza.test', role: 'compliance', active: true } },
    });
    const dup = await call(t.app, 'POST', '/admin/operators/add', params, { token: admin });
    expect(dup).toMatchObject({
      code: -1001,
      msg: 'An operator with e-mail giulia@piazza.test already exists',
    });
    const short = await call(
      t.app,
      'POST',
      '/admin/operators/add',
      { ...params, email: 'x@y.it', password: 'short' },
      { token: admin },
    );
    expect(short).toMatchObject({ msg: 'The password must be 10 to 128 characters' });
    const badRole = await call(
      t.app,
      'POST',
      '/admin/operators/add',
      { ...params, email: 'x@y.it', role: 'root' },
      { token: admin },
    );
    expect(badRole).toMatchObject({ msg: 'role must be support, compliance, finance or admin' });
    const badEmail = await call(
      t.app,
      'POST',
      '/admin/operators/add',
      { ...params, email: 'not-an-email' },
      { token: admin },
    );
    expect(badEmail).toMatchObject({ msg: 'Invalid email' });
    expect(await auditOf('operator', res.data.operator.id)).toEqual([
      expect.objectContaining({
        action: 'operator.add',
        before: null,
        after: { email: 'giulia@piazza.test', name: 'Giulia Bianchi', role: 'compliance' },
      }),
    ]);
    const list = await call<List<{ email: string }>>(t.app, 'GET', '/admin/operators', {}, { token: admin });
    expect(list.data.list.map((o) => o.email)).toContain('giulia@piazza.test');
  });

  it('turns an operator off, ending its sessions, but never the admin itself', async () => {
    const token = await operatorWithRole(t.app, admin, 'support');
    const me = await call<{ operator: { id: number } }>(t.app, 'GET', '/admin/me', {}, { token });
    const off = await call(
      t.app,
      'POST',
      '/admin/operators/status',
      { id: me.data.operator.id, active: 0, reason: 'Left the company' },
      { token: admin },
    );
    expect(off).toMatchObject({ code: 0, data: { operator: { active: false } } });
    expect((await call(t.app, 'GET', '/admin/me', {}, { token })).code).toBe(-1000);
    const adminMe = await call<{ operator: { id: number } }>(t.app, 'GET', '/admin/me', {}, { token: admin });
    const self = await call(
      t.app,
      'POST',
      '/admin/operators/status',
      { id: adminMe.data.operator.id, active: 0, reason: 'oops' },
      { token: admin },
    );
    expect(self).toMatchObject({ code: -1001, msg: 'You cannot turn off your own account' });
  });
});

describe('the outbox and the audit log', () => {
  it('shows support the demo codes, newest first', async () => {
    await t.db.query(
      `insert into outbox (recipient, scene, code) values ('+393331112222', 'register', '123456')`,
    );
    await t.db.query(
      `insert into outbox (recipient, scene, code) values ('+393331112222', 'reset', '654321')`,
    );
    const res = await call<List<{ to: string; scene: string; code: string }>>(
      t.app,
      'GET',
      '/admin/outbox',
      { to: '+393331112222' },
      { token: support },
    );
    expect(res.data.list.map((r) => [r.scene, r.code])).toEqual([
      ['reset', '654321'],
      ['register', '123456'],
    ]);
    expect(res.data.total).toBe(2);
  });

  it('pages the audit log and narrows it by target type', async () => {
    const res = await call<List<AuditRow>>(
      t.app,
      'GET',
      '/admin/audit',
      { targetType: 'operator', size: 2 },
      { token: compliance },
    );
    expect(res.code).toBe(0);
    expect(res.data.list).toHaveLength(2);
    expect(res.data.total).toBeGreaterThan(2);
    expect(res.data.list.every((a) => a.targetType === 'operator')).toBe(true);
  });
});
