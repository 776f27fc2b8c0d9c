import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { sessionCacheMs } from '../src/http/sessions';
import { demoAdmin, signIn } from './admin-fixtures';
import { call, createTestApp, type TestApp, TestClock, twoInstances } from './helper';
import { loginFrom, registerInvestor } from './identity-steps';

/*
 * Sessions are held in memory for a few seconds (decision 067). What an investor or an operator notices must
 * not change: a logout, a password change or an account turned off ends the session for the very next call.
 * The tests prove first that the cache is in use (a session revoked behind the server's back still answers
 * for a moment), then that every way the server ends sessions goes through it.
 */

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const info = (app: App, token: string) =>
  call<{ user?: { id: number; status: number } }>(app, 'GET', '/user/login/info', {}, { token });

describe('the session cache', () => {
  it('holds a session it just read, and reads the database again once the cache time has passed', async () => {
    const me = await registerInvestor(t.app, 'cache-held@piazza.it');
    expect((await info(t.app, me.token)).data.user?.id).toBe(me.user.id);
    // Revoked behind the server's back (no call of the server did it): the cache still believes it a moment.
    await t.db.query('update sessions set revoked_at = now() where user_id = $1', [me.user.id]);
    expect((await info(t.app, me.token)).data.user?.id).toBe(me.user.id);
    clock.advance(sessionCacheMs);
    expect((await info(t.app, me.token)).data).toEqual({});
  });

  it('refuses the next call after a logout at once', async () => {
    const me = await registerInvestor(t.app, 'cache-logout@piazza.it');
    expect((await call(t.app, 'POST', '/user/assets', {}, { token: me.token })).code).toBe(0);
    expect(await call(t.app, 'POST', '/user/logout', {}, { token: me.token })).toMatchObject({ code: 0 });
    expect((await call(t.app, 'POST', '/user/assets', {}, { token: me.token })).code).toBe(-1000);
    expect((await info(t.app, me.token)).data).toEqual({});
  });

  it('ends the other sessions at once when the password changes, and keeps the one that changed it', async () => {
    const me = await registerInvestor(t.app, 'cache-password@piazza.it', 'segreta1');
    const other = await loginFrom(t.app, '10.2.0.1', {
      account: 'cache-password@piazza.it',
      password: 'segreta1',
    });
    const otherToken = (other.data as { token: string }).token;
    expect((await info(t.app, otherToken)).data.user?.id).toBe(me.user.id);
    const changed = await call(
      t.app,
      'POST',
      '/user/update/password',
      { oldPassword: 'segreta1', password: 'segreta2', confirmPassword: 'segreta2' },
      { token: me.token },
    );
    expect(changed.code, changed.msg).toBe(0);
    expect((await call(t.app, 'POST', '/user/assets', {}, { token: otherToken })).code).toBe(-1000);
    expect((await call(t.app, 'POST', '/user/assets', {}, { token: me.token })).code).toBe(0);
  });

  it('disables an investor turned off at once, and keeps them out when turned on again', async () => {
    const me = await registerInvestor(t.app, 'cache-status@piazza.it');
    expect((await call(t.app, 'POST', '/user/assets', {}, { token: me.token })).code).toBe(0);
    const admin = await signIn(t.app, demoAdmin);
    const off = await call(
      t.app,
      'POST',
      '/admin/user/status',
      { id: me.user.id, status: 0, reason: 'Controllo antifrode' },
      { token: admin },
    );
    expect(off.code, off.msg).toBe(0);
    expect((await call(t.app, 'POST', '/user/assets', {}, { token: me.token })).code).toBe(-1000);
    const on = await call(
      t.app,
      'POST',
      '/admin/user/status',
      { id: me.user.id, status: 1, reason: 'Controllo concluso' },
      { token: admin },
    );
    expect(on.code, on.msg).toBe(0);
    // Turning off ended the session itself: turning on again does not bring it back.
    expect((await call(t.app, 'POST', '/user/assets', {}, { token: me.token })).code).toBe(-1000);
  });

  it('refuses an operator the next call after signing out', async () => {
    const token = await signIn(t.app, demoAdmin);
    expect((await call(t.app, 'GET', '/admin/me', {}, { token })).code).toBe(0);
    expect((await call(t.app, 'POST', '/admin/logout', {}, { token })).code).toBe(0);
    expect((await call(t.app, 'GET', '/admin/me', {}, { token })).code).toBe(-1000);
  });

  it('still records that a session is used: last_seen_at moves when it is a minute old (decision 020)', async () => {
    const me = await registerInvestor(t.app, 'cache-seen@piazza.it');
    await t.db.query(`update sessions set last_seen_at = now() - interval '2 minutes' where user_id = $1`, [
      me.user.id,
    ]);
    clock.advance(sessionCacheMs);
    expect((await info(t.app, me.token)).data.user?.id).toBe(me.user.id);
    const rows = await t.db.query<{ recent: boolean }>(
      `select last_seen_at > now() - interval '1 minute' as recent from sessions where user_id = $1`,
      [me.user.id],
    );
    expect(rows[0]?.recent).toBe(true);
  });
});

describe('two instances on one database and one bus', () => {
  it('a logout on one instance ends the session the other holds in its cache', async () => {
    const { a, b, close } = await twoInstances();
    try {
      const me = await registerInvestor(a, 'cache-cluster@piazza.it');
      expect((await info(b, me.token)).data.user?.id).toBe(me.user.id);
      expect((await call(a, 'POST', '/user/logout', {}, { token: me.token })).code).toBe(0);
      // The memory bus delivers before publish returns, as Redis does within a moment.
      expect((await info(b, me.token)).data).toEqual({});
      expect((await call(b, 'POST', '/user/assets', {}, { token: me.token })).code).toBe(-1000);
    } finally {
      await close();
    }
  });
});
