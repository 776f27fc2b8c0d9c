import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCacheMs } from '../src/http/sessions';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { registerInvestor } from './identity-steps';

// The server holds a session it just read for a few seconds (decision 067): after making one idle in the
// database, the clock moves past that time, as the idle session would not have been used for a while.
const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('idle sessions', () => {
  it('ends an investor session unused for 30 days', async () => {
    const { token } = await registerInvestor(t.app, 'idle@piazza.it');
    expect((await call(t.app, 'POST', '/user/assets', {}, { token })).code).toBe(0);
    await t.db.query(`update sessions set last_seen_at = now() - interval '31 days'`);
    clock.advance(sessionCacheMs);
    expect((await call(t.app, 'POST', '/user/assets', {}, { token })).code).toBe(-1000);
  });

  it('keeps a session that is used, and ends a back-office session after 8 idle hours', async () => {
    const login = await call<{ token: string }>(t.app, 'POST', '/admin/login', {
      email: 'admin@piazza.local',
      password: 'Piazza-Admin-2026',
    });
    const token = login.data.token;
    await t.db.query(`update operator_sessions set last_seen_at = now() - interval '7 hours'`);
    expect((await call(t.app, 'GET', '/admin/me', {}, { token })).code).toBe(0);
    await t.db.query(`update operator_sessions set last_seen_at = now() - interval '9 hours'`);
    clock.advance(sessionCacheMs);
    expect((await call(t.app, 'GET', '/admin/me', {}, { token })).code).toBe(-1000);
  });
});
