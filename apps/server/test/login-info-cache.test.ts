import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { userRowCacheMs } from '../src/kit/user-changes';
import { demoAdmin, signIn } from './admin-fixtures';
import { call, createTestApp, type TestApp, TestClock, twoInstances } from './helper';
import { codeFromOutbox, registerInvestor } from './identity-steps';
import { submitKyc } from './kyc-steps';

/*
 * Login info is answered from memory for a few seconds (decision 067, "Login info from memory"). What an
 * investor notices must not change: after each change to what the call shows — their nickname and language,
 * their e-mail, their KYC status, the credit score and the IPO auto-apply switch an operator sets — the very
 * next call shows it. The first test proves the row is held (a change behind the server's back is not seen
 * until the cache time passes), so the others prove that each writer drops it.
 */

interface Info {
  user?: {
    id: number;
    status: number;
    idStatus: string;
    email: string | null;
    nickname: string | null;
    creditScore: number;
    language: string;
  };
  openAutoApply?: 0 | 1;
}

const clock = new TestClock();
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signIn(t.app, demoAdmin);
});
afterAll(() => t.close());

const info = async (app: App, token: string) =>
  (await call<Info>(app, 'GET', '/user/login/info', {}, { token })).data;

const asAdmin = async (app: App, path: string, body: Record<string, string | number>, token = admin) => {
  const res = await call(app, 'POST', path, body, { token });
  expect(res.code, res.msg).toBe(0);
};

describe('login info from memory', () => {
  it('holds the row it just read, and reads the database again once the cache time has passed', async () => {
    const me = await registerInvestor(t.app, 'info-held@piazza.it');
    expect((await info(t.app, me.token)).user?.nickname).toBeNull();
    // Written behind the server's back (no call of the server did it): the cache still believes the old row.
    await t.db.query(`update users set nickname = 'Di nascosto' where id = $1`, [me.user.id]);
    expect((await info(t.app, me.token)).user?.nickname).toBeNull();
    clock.advance(userRowCacheMs);
    expect((await info(t.app, me.token)).user?.nickname).toBe('Di nascosto');
  });

  it('shows a new nickname and language on the next call', async () => {
    const me = await registerInvestor(t.app, 'info-nickname@piazza.it');
    expect((await info(t.app, me.token)).user).toMatchObject({ nickname: null, language: 'en-US' });
    const named = await call(t.app, 'POST', '/user/update', { nickname: 'Giulia' }, { token: me.token });
    expect(named.code, named.msg).toBe(0);
    expect((await info(t.app, me.token)).user?.nickname).toBe('Giulia');
    const italian = await call(t.app, 'POST', '/user/update', { language: 'it-IT' }, { token: me.token });
    expect(italian.code, italian.msg).toBe(0);
    expect((await info(t.app, me.token)).user).toMatchObject({ nickname: 'Giulia', language: 'it-IT' });
  });

  it('shows an e-mail just bound on the next call', async () => {
    const me = await registerInvestor(t.app, '+393471112233', 'segreta1', { areaCode: '+39' });
    expect((await info(t.app, me.token)).user?.email).toBeNull();
    const sent = await call(
      t.app,
      'POST',
      '/common/code/send',
      { account: 'info-email@piazza.it', scene: 'bind' },
      { token: me.token },
    );
    expect(sent.code, sent.msg).toBe(0);
    const code = await codeFromOutbox(t.app, 'info-email@piazza.it', 'bind');
    const bound = await call(
      t.app,
      'POST',
      '/user/update/email',
      { email: 'info-email@piazza.it', code },
      { token: me.token },
    );
    expect(bound.code, bound.msg).toBe(0);
    expect((await info(t.app, me.token)).user?.email).toBe('info-email@piazza.it');
  });

  it('follows the KYC status on the next call: submitted, approved; and rejected for another investor', async () => {
    const yes = await registerInvestor(t.app, 'info-kyc-yes@piazza.it');
    const no = await registerInvestor(t.app, 'info-kyc-no@piazza.it');
    expect((await info(t.app, yes.token)).user?.idStatus).toBe('none');
    expect((await info(t.app, no.token)).user?.idStatus).toBe('none');
    await submitKyc(t.app, yes.token);
    await submitKyc(t.app, no.token);
    expect((await info(t.app, yes.token)).user?.idStatus).toBe('pending');
    expect((await info(t.app, no.token)).user?.idStatus).toBe('pending');
    await asAdmin(t.app, '/admin/kyc/approve', { userId: yes.user.id });
    await asAdmin(t.app, '/admin/kyc/reject', { userId: no.user.id, reason: 'Documento scaduto' });
    expect((await info(t.app, yes.token)).user?.idStatus).toBe('succ');
    expect((await info(t.app, no.token)).user?.idStatus).toBe('fail');
  });

  it('shows the credit score and the IPO auto-apply switch an operator sets on the next call', async () => {
    const me = await registerInvestor(t.app, 'info-controls@piazza.it');
    expect(await info(t.app, me.token)).toMatchObject({ user: { creditScore: 80 }, openAutoApply: 0 });
    await asAdmin(t.app, '/admin/user/score', { id: me.user.id, score: 55, reason: 'Ritardo nei pagamenti' });
    expect((await info(t.app, me.token)).user?.creditScore).toBe(55);
    await asAdmin(t.app, '/admin/user/autoapply', { id: me.user.id, on: 1 });
    expect((await info(t.app, me.token)).openAutoApply).toBe(1);
    await asAdmin(t.app, '/admin/user/autoapply', { id: me.user.id, on: 0 });
    expect((await info(t.app, me.token)).openAutoApply).toBe(0);
  });

  it('shows an investor turned on again as active on the next call of the session they kept', async () => {
    const me = await registerInvestor(t.app, 'info-status@piazza.it');
    // Turned off behind the server's back, so the session lives on (an operator's switch would end it) and
    // login info shows status 0 once the caches let go: the app would sign out.
    await t.db.query('update users set status = 0 where id = $1', [me.user.id]);
    clock.advance(userRowCacheMs);
    expect((await info(t.app, me.token)).user?.status).toBe(0);
    // Turned on by an operator: the session was never ended, and the very next call shows the investor active.
    await asAdmin(t.app, '/admin/user/status', { id: me.user.id, status: 1, reason: 'Controllo concluso' });
    expect((await info(t.app, me.token)).user?.status).toBe(1);
  });
});

describe('two instances on one database and one bus', () => {
  it('a change made through one instance shows on the next call to the other, which held the old row', async () => {
    const { a, b, db, close } = await twoInstances();
    try {
      const me = await registerInvestor(a, 'info-cluster@piazza.it');
      expect((await info(b, me.token)).user?.nickname).toBeNull();
      // Proof that b holds the row: a write behind the servers' backs is not seen there yet.
      await db.query(`update users set nickname = 'Di nascosto' where id = $1`, [me.user.id]);
      expect((await info(b, me.token)).user?.nickname).toBeNull();
      const named = await call(a, 'POST', '/user/update', { nickname: 'Altrove' }, { token: me.token });
      expect(named.code, named.msg).toBe(0);
      // The memory bus delivers before publish returns, as Redis does within a moment.
      expect((await info(b, me.token)).user?.nickname).toBe('Altrove');
      expect((await info(a, me.token)).user?.nickname).toBe('Altrove');
    } finally {
      await close();
    }
  });
});
