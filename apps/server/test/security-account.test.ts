import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { codeFromOutbox, liveSessions, loginFrom, registerInvestor } from './identity-steps';

/* Email binding, sessions, the credit score history and the IPO switch. */

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const emailOf = async (id: number) =>
  (await t.db.query<{ email: string | null }>('select email from users where id = $1', [id]))[0]?.email;

describe('binding an email (/user/update/email)', () => {
  it('binds with the code sent to that address; a wrong code binds nothing', async () => {
    const s = await registerInvestor(t.app, '3331112222', 'segreta1');
    const opts = { token: s.token };
    expect(
      await call(
        t.app,
        'POST',
        '/common/code/send',
        { account: 'Mario.Rossi@Example.it', scene: 'bind' },
        opts,
      ),
    ).toMatchObject({ code: 0 });
    const code = await codeFromOutbox(t.app, 'mario.rossi@example.it', 'bind');
    const wrong = code === '000000' ? '000001' : '000000';
    expect(
      await call(t.app, 'POST', '/user/update/email', { email: 'mario.rossi@example.it', code: wrong }, opts),
    ).toMatchObject({ code: -1001, msg: 'Security code error' });
    expect(
      await call(
        t.app,
        'POST',
        '/user/update/email',
        { email: 'mario.rossi@example.it', code: wrong },
        { ...opts, lang: 'it-IT' },
      ),
    ).toMatchObject({ code: -1001, msg: 'Codice di verifica errato' });
    expect(await emailOf(s.user.id)).toBeNull();

    expect(
      await call(t.app, 'POST', '/user/update/email', { email: ' Mario.Rossi@example.it ', code }, opts),
    ).toMatchObject({ code: 0, data: { email: 'mario.rossi@example.it' } });
    expect(await emailOf(s.user.id)).toBe('mario.rossi@example.it');
    expect(await call(t.app, 'GET', '/user/login/info', {}, opts)).toMatchObject({
      data: { user: { email: 'mario.rossi@example.it' } },
    });
    expect(
      await call(t.app, 'POST', '/user/update/email', { email: 'mario.rossi@example.it', code }, opts),
    ).toMatchObject({ code: -1001, msg: 'This email is already bound to your account' });
  });

  it('refuses a malformed address and one another user holds', async () => {
    const s = await registerInvestor(t.app, '3331113333', 'segreta1');
    await registerInvestor(t.app, 'occupato@example.it');
    const opts = { token: s.token };
    expect(
      await call(t.app, 'POST', '/user/update/email', { email: 'non-una-mail', code: '123456' }, opts),
    ).toMatchObject({ code: -1001, msg: 'Invalid email address' });
    expect(
      await call(t.app, 'POST', '/user/update/email', { email: 'occupato@example.it', code: '123456' }, opts),
    ).toMatchObject({ code: -1001, msg: 'This email belongs to another account' });
    expect(
      await call(t.app, 'POST', '/user/update/email', { email: 'a@example.it', code: '12345' }, opts),
    ).toMatchObject({ code: -1001, msg: 'The security code is 6 digits' });
    expect(await emailOf(s.user.id)).toBeNull();
  });
});

describe('active sessions', () => {
  it('lists the live sessions with the current one marked, and revoking one ends its token', async () => {
    const s = await registerInvestor(t.app, 'sessioni@example.it', 'segreta1');
    const other = await loginFrom(t.app, '10.1.0.1', {
      account: 'sessioni@example.it',
      password: 'segreta1',
    });
    const otherToken = (other.data as { token: string }).token;
    const list = await call<{
      list: { id: number; ip: string | null; current: boolean; createdAt: number }[];
    }>(t.app, 'GET', '/user/sessions', {}, { token: s.token });
    expect(list.data.list).toHaveLength(2);
    const mine = list.data.list.find((r) => r.current);
    const theirs = list.data.list.find((r) => !r.current);
    expect(mine).toBeDefined();
    expect(theirs?.ip).toBe('10.1.0.1');

    expect(
      await call(t.app, 'POST', '/user/sessions/revoke', { id: theirs?.id ?? 0 }, { token: s.token }),
    ).toMatchObject({ code: 0, data: { revoked: 1 } });
    expect(await call(t.app, 'GET', '/user/sessions', {}, { token: otherToken })).toMatchObject({
      code: -1000,
    });
    expect(
      await call(t.app, 'POST', '/user/sessions/revoke', { id: theirs?.id ?? 0 }, { token: s.token }),
    ).toMatchObject({ code: -1001, msg: 'This session does not exist or has already ended' });
    expect(await liveSessions(t.db, s.user.id)).toBe(1);
  });

  it("cannot end another user's session, and all=1 ends every other one but the current", async () => {
    const a = await registerInvestor(t.app, 'alice@example.it', 'segreta1');
    const b = await registerInvestor(t.app, 'bob@example.it', 'segreta1');
    const bSessions = await call<{ list: { id: number }[] }>(
      t.app,
      'GET',
      '/user/sessions',
      {},
      { token: b.token },
    );
    const bId = bSessions.data.list[0]?.id ?? 0;
    expect(await call(t.app, 'POST', '/user/sessions/revoke', { id: bId }, { token: a.token })).toMatchObject(
      {
        code: -1001,
        msg: 'This session does not exist or has already ended',
      },
    );
    expect(await liveSessions(t.db, b.user.id)).toBe(1);

    await loginFrom(t.app, '10.1.0.2', { account: 'alice@example.it', password: 'segreta1' });
    await loginFrom(t.app, '10.1.0.3', { account: 'alice@example.it', password: 'segreta1' });
    expect(await liveSessions(t.db, a.user.id)).toBe(3);
    expect(await call(t.app, 'POST', '/user/sessions/revoke', { all: 1 }, { token: a.token })).toMatchObject({
      code: 0,
      data: { revoked: 2 },
    });
    expect(await liveSessions(t.db, a.user.id)).toBe(1);
    expect(await call(t.app, 'GET', '/user/sessions', {}, { token: a.token })).toMatchObject({
      code: 0,
      data: { list: [{ current: true }] },
    });
  });
});

describe('credit score history (/user/point/change/log)', () => {
  it("pages the user's own changes, newest first", async () => {
    const s = await registerInvestor(t.app, 'punteggio@example.it');
    const other = await registerInvestor(t.app, 'altro-punteggio@example.it');
    const changes: [number, number, number, string, number][] = [
      [s.user.id, 80, 70, 'Late repayment', 1],
      [s.user.id, 70, 95, 'Verified income', 2],
      [other.user.id, 80, 10, 'Not yours', 3],
    ];
    for (const [user, before, after, reason, minute] of changes) {
      await t.db.query(
        'insert into credit_score_changes (user_id, before, after, reason, created_at) values ($1, $2, $3, $4, $5)',
        [user, before, after, reason, new Date(Date.UTC(2026, 10, 1, 9, minute))],
      );
    }
    const page1 = await call(
      t.app,
      'POST',
      '/user/point/change/log',
      { page: 1, size: 1 },
      { token: s.token },
    );
    expect(page1).toMatchObject({
      code: 0,
      data: {
        total: 2,
        page: 1,
        size: 1,
        list: [{ before: 70, after: 95, change: 25, reason: 'Verified income' }],
      },
    });
    const page2 = await call(
      t.app,
      'POST',
      '/user/point/change/log',
      { page: 2, size: 1 },
      { token: s.token },
    );
    expect(page2).toMatchObject({ data: { list: [{ change: -10, reason: 'Late repayment' }] } });
    expect(await call(t.app, 'POST', '/user/point/change/log', {}, {})).toMatchObject({ code: -1000 });
  });
});

describe('IPO auto-apply switch (/user/update/autoapply)', () => {
  it('is refused until the back office opens it, then stores the choice', async () => {
    const s = await registerInvestor(t.app, 'ipo@example.it');
    const opts = { token: s.token };
    expect(await call(t.app, 'POST', '/user/update/autoapply', { open: 1 }, opts)).toMatchObject({
      code: -1001,
      msg: 'Automatic IPO subscription is not available for your account',
    });
    expect(
      await call(t.app, 'POST', '/user/update/autoapply', { open: 1 }, { ...opts, lang: 'it-IT' }),
    ).toMatchObject({
      msg: 'La sottoscrizione automatica delle IPO non è disponibile per il tuo account',
    });
    await t.db.query('update users set open_auto_apply = 1 where id = $1', [s.user.id]);
    expect(await call(t.app, 'POST', '/user/update/autoapply', { open: 1 }, opts)).toMatchObject({
      code: 0,
      data: { autoApply: 1 },
    });
    expect(await call(t.app, 'GET', '/user/security', {}, opts)).toMatchObject({
      data: { openAutoApply: 1, autoApply: 1 },
    });
    expect(await call(t.app, 'POST', '/user/update/autoapply', { open: 0 }, opts)).toMatchObject({
      data: { autoApply: 0 },
    });
    expect(await call(t.app, 'POST', '/user/update/autoapply', { open: 'maybe' }, opts)).toMatchObject({
      code: -1001,
    });
  });
});
