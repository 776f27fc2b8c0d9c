import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { operatorThrottle } from '../src/modules/admin/sign-in';
import { countRows, demoAdmin, demoSupport, investor, signIn } from './admin-fixtures';
import { call, createTestApp, freshDatabase, type TestApp, TestClock } from './helper';

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('operator sign-in', () => {
  it('signs the demo admin in and tells the back office who it is', async () => {
    const res = await call<{ token: string; operator: unknown }>(t.app, 'POST', '/admin/login', {
      email: 'Admin@Piazza.local',
      password: demoAdmin.password,
    });
    expect(res.code).toBe(0);
    expect(res.data.operator).toMatchObject({
      email: 'admin@piazza.local',
      role: 'admin',
      name: 'Demo admin',
    });
    const me = await call(t.app, 'GET', '/admin/me', {}, { token: res.data.token });
    expect(me).toMatchObject({
      code: 0,
      data: { operator: { email: 'admin@piazza.local', role: 'admin' }, demoMode: true },
    });
  });

  it('refuses a wrong password and an unknown e-mail with the same message, in the caller language', async () => {
    const sessionsBefore = await countRows(t.db, 'operator_sessions');
    const wrong = await call(t.app, 'POST', '/admin/login', {
      email: demoSupport.email,
      password: 'nope-nope-nope',
    });
    expect(wrong).toMatchObject({ code: -1001, msg: 'Wrong e-mail or password', data: null });
    const unknown = await call(
      t.app,
      'POST',
      '/admin/login',
      { email: 'nobody@piazza.local', password: 'whatever-1234' },
      { lang: 'it-IT' },
    );
    expect(unknown).toMatchObject({ code: -1001, msg: 'E-mail o password errata' });
    expect(await countRows(t.db, 'operator_sessions')).toBe(sessionsBefore);
  });

  it('locks an e-mail out after 5 failures, for longer after each further failure', async () => {
    const email = 'locked@piazza.local';
    const sessionsBefore = await countRows(t.db, 'operator_sessions');
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, 'POST', '/admin/login', { email, password: 'wrong-password' });
      expect(res.msg).toBe('Wrong e-mail or password');
    }
    const locked = await call(t.app, 'POST', '/admin/login', { email, password: 'wrong-password' });
    expect(locked).toMatchObject({ code: -1001, msg: 'Too many failed attempts: try again in 30 seconds' });

    clock.advance(31_000);
    const sixth = await call(t.app, 'POST', '/admin/login', { email, password: 'wrong-password' });
    expect(sixth.msg).toBe('Wrong e-mail or password');
    const lockedLonger = await call(t.app, 'POST', '/admin/login', { email, password: 'wrong-password' });
    expect(lockedLonger.msg).toBe('Too many failed attempts: try again in 60 seconds');
    expect(await countRows(t.db, 'operator_sessions')).toBe(sessionsBefore);
    const lockSeconds = (failures: number) =>
      operatorThrottle.waitSecondsAfter({ failures, lastAt: new Date(0) }, 0);
    expect([4, 5, 6, 7, 20].map(lockSeconds)).toEqual([0, 30, 60, 120, 15 * 60]);
  });

  it('keeps the lock even for the right password, and lets the operator in once it has passed', async () => {
    const email = demoSupport.email;
    for (let i = 0; i < 5; i++)
      await call(t.app, 'POST', '/admin/login', { email, password: 'wrong-password' });
    const locked = await call(t.app, 'POST', '/admin/login', demoSupport);
    expect(locked.code).toBe(-1001);
    expect(locked.msg).toContain('Too many failed attempts');
    clock.advance(30_000);
    const ok = await call(t.app, 'POST', '/admin/login', demoSupport);
    expect(ok.code).toBe(0);
    // A success forgives: the next single failure does not lock.
    await call(t.app, 'POST', '/admin/login', { email, password: 'wrong-password' });
    expect((await call(t.app, 'POST', '/admin/login', demoSupport)).code).toBe(0);
  });

  it('ends the session at logout: the same token then gets -1000', async () => {
    const token = await signIn(t.app, demoAdmin);
    expect(await call(t.app, 'POST', '/admin/logout', {}, { token })).toMatchObject({ code: 0 });
    const after = await call(t.app, 'GET', '/admin/me', {}, { token });
    expect(after).toMatchObject({ code: -1000, msg: 'Please log in to the back office first' });
  });

  it('keeps operator and investor sessions apart', async () => {
    const inv = await investor(t.db);
    const asOperator = await call(t.app, 'GET', '/admin/me', {}, { token: inv.token });
    expect(asOperator.code).toBe(-1000);
    const noToken = await call(t.app, 'GET', '/admin/users');
    expect(noToken.code).toBe(-1000);
  });
});

describe('operators at start-up', () => {
  it('creates the first admin from ADMIN_EMAIL and ADMIN_PASSWORD once, and no demo operators outside demo mode', async () => {
    const db = await freshDatabase();
    const env = {
      DEMO_MODE: '0',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'Boss@Example.it',
      ADMIN_PASSWORD: 'first-admin-pass',
    } as NodeJS.ProcessEnv;
    try {
      for (let start = 0; start < 2; start++) {
        const app = await buildApp({ config: loadConfig(env), db, logger: false, seedDemo: false });
        await app.close();
      }
      const rows = await db.query<{ email: string; role: string }>('select email, role from operators');
      expect(rows).toEqual([{ email: 'boss@example.it', role: 'admin' }]);
      const audited = await db.query<{ action: string; operator_id: number | null }>(
        'select action, operator_id from audit_log',
      );
      expect(audited).toEqual([{ action: 'operator.bootstrap', operator_id: null }]);

      const app = await buildApp({ config: loadConfig(env), db, logger: false, seedDemo: false });
      try {
        await signIn(app, { email: 'boss@example.it', password: 'first-admin-pass' });
        const demo = await call(app, 'POST', '/admin/login', demoAdmin);
        expect(demo.code).toBe(-1001);
        const token = await signIn(app, { email: 'boss@example.it', password: 'first-admin-pass' });
        const outbox = await app.inject({
          method: 'GET',
          url: '/ipcg-api/admin/outbox',
          headers: { 'access-token': token },
        });
        expect(outbox.statusCode).toBe(404);
      } finally {
        await app.close();
      }
    } finally {
      await db.drop();
    }
  });
});
