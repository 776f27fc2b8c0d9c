import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox, secretBoxOf } from '../src/platform/secret-box';
import { base32Decode, hotp } from '../src/platform/totp';
import { demoAdmin, signIn } from './admin-fixtures';
import { call, createTestApp, type TestApp, TestClock } from './helper';

// The TOTP arithmetic itself (RFC 4226 and 6238 vectors) is tested in security-totp.test.ts.

describe('operator TOTP enrolment and login', () => {
  let t: TestApp;
  let clock: TestClock;
  const who = { email: 'verifier@piazza.test', password: 'Verifier-Pass-2026' };
  beforeAll(async () => {
    clock = new TestClock();
    t = await createTestApp({ clock });
    const admin = await signIn(t.app, demoAdmin);
    const added = await call(
      t.app,
      'POST',
      '/admin/operators/add',
      { ...who, name: 'Vera Verifica', role: 'compliance' },
      { token: admin },
    );
    expect(added.code, added.msg).toBe(0);
  });
  afterAll(() => t.close());

  const codeAt = (secret: string, ms: number) => hotp(base32Decode(secret), BigInt(Math.floor(ms / 30_000)));
  const stored = async () =>
    (
      await t.db.query<{ id: number; secret: string | null; pending: string | null }>(
        'select id, totp_secret as secret, totp_pending_secret as pending from operators where email = $1',
        [who.email],
      )
    )[0]!;
  /** The secret shown at enrolment, kept for the next test (it is never answered again). */
  let enrolled = '';
  const login = (extra: Record<string, string> = {}, lang = 'en-US') =>
    call<{ token: string }>(t.app, 'POST', '/admin/login', { ...who, ...extra }, { lang });

  it('enrols with a secret shown once, then asks every login for a fresh code', async () => {
    const token = await signIn(t.app, who);
    expect((await call(t.app, 'GET', '/admin/totp', {}, { token })).data).toEqual({
      enrolled: false,
      pending: false,
    });
    // Confirming before enrolling is refused.
    const early = await call(t.app, 'POST', '/admin/totp/confirm', { code: '123456' }, { token });
    expect(early).toMatchObject({ code: -1001, msg: 'Start the enrolment first' });

    const enrol = await call<{ secret: string; uri: string }>(
      t.app,
      'POST',
      '/admin/totp/enrol',
      {},
      { token },
    );
    expect(enrol.code, enrol.msg).toBe(0);
    const { secret, uri } = enrol.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Piazza:verifier%40piazza.test?secret=${secret}&issuer=Piazza&algorithm=SHA1&digits=6&period=30`,
    );
    expect((await call(t.app, 'GET', '/admin/totp', {}, { token })).data).toEqual({
      enrolled: false,
      pending: true,
    });
    // Stored sealed under the server's key, bound to this operator.
    const pending = await stored();
    expect(pending.pending).toMatch(/^v1:/);
    expect(pending.pending).not.toContain(secret);
    expect(secretBoxOf(t.config).open(pending.pending!, `operators.totp:${pending.id}`)).toBe(secret);
    expect(() =>
      new SecretBox(randomBytes(32)).open(pending.pending!, `operators.totp:${pending.id}`),
    ).toThrow();
    // Not yet enrolled: login still needs only the password.
    expect((await login()).code).toBe(0);

    const wrong = await call(
      t.app,
      'POST',
      '/admin/totp/confirm',
      { code: '000000' === codeAt(secret, clock.ms) ? '111111' : '000000' },
      { token, lang: 'it-IT' },
    );
    expect(wrong).toMatchObject({ code: -1001, msg: 'Il codice di autenticazione è errato o già usato' });
    const badFormat = await call(t.app, 'POST', '/admin/totp/confirm', { code: '12345' }, { token });
    expect(badFormat).toMatchObject({
      code: -1001,
      msg: 'Enter the 6-digit code from your authenticator app',
    });
    const confirmed = await call(
      t.app,
      'POST',
      '/admin/totp/confirm',
      { code: codeAt(secret, clock.ms) },
      { token },
    );
    expect(confirmed).toMatchObject({ code: 0, data: { enrolled: true, pending: false } });
    enrolled = secret;
    const row = await stored();
    expect(row).toMatchObject({ secret: pending.pending, pending: null });
    const audit = await t.db.query<{ after: unknown }>(
      `select after from audit_log where action = 'operator.totp'`,
    );
    expect(audit).toEqual([{ after: { totp: true } }]);
    // The secret is never answered again.
    expect((await call(t.app, 'POST', '/admin/totp/enrol', {}, { token })).msg).toBe(
      'Two-factor login is already on',
    );

    const missing = await login({}, 'it-IT');
    expect(missing).toMatchObject({
      code: -1001,
      msg: 'Inserisci il codice a 6 cifre dell’app di autenticazione',
      data: { totp: true },
    });
    // The confirming code was spent: the same code cannot sign in.
    expect(await login({ code: codeAt(secret, clock.ms) })).toMatchObject({
      code: -1001,
      msg: 'The authenticator code is wrong or already used',
    });

    clock.advance(30_000);
    const code = codeAt(secret, clock.ms);
    const ok = await login({ code });
    expect(ok.code, ok.msg).toBe(0);
    expect((await login({ code })).code).toBe(-1001);

    // A code one step late still works (clock drift); two steps late does not.
    clock.advance(60_000);
    expect((await login({ code: codeAt(secret, clock.ms - 60_000) })).code).toBe(-1001);
    expect((await login({ code: codeAt(secret, clock.ms - 30_000) })).code).toBe(0);
    // A wrong password is refused as before, whatever the code.
    clock.advance(30_000);
    expect(await login({ password: 'not-it', code: codeAt(secret, clock.ms) })).toMatchObject({
      msg: 'Wrong e-mail or password',
    });
  });

  it('turns off only with a valid code', async () => {
    clock.advance(5 * 60_000);
    const secret = enrolled;
    const token = (await login({ code: codeAt(secret, clock.ms) })).data.token;
    clock.advance(30_000);
    expect((await call(t.app, 'POST', '/admin/totp/disable', { code: '99999' }, { token })).code).toBe(-1001);
    const off = await call(
      t.app,
      'POST',
      '/admin/totp/disable',
      { code: codeAt(secret, clock.ms) },
      { token },
    );
    expect(off).toMatchObject({ code: 0, data: { enrolled: false } });
    expect((await login()).code).toBe(0);
    expect((await call(t.app, 'POST', '/admin/totp/disable', { code: '123456' }, { token })).msg).toBe(
      'Two-factor login is not on',
    );
  });
});

describe('an admin resets a lost authenticator', () => {
  let t: TestApp;
  const clock = new TestClock();
  const who = { email: 'lost-phone@piazza.test', password: 'Lost-Phone-Pass-2026' };
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  it('turns TOTP off for another operator with a reason, audited; only admin may', async () => {
    const admin = await signIn(t.app, demoAdmin);
    const added = await call<{ operator: { id: number } }>(
      t.app,
      'POST',
      '/admin/operators/add',
      { ...who, name: 'Luca Perso', role: 'support' },
      { token: admin },
    );
    expect(added.code, added.msg).toBe(0);
    const id = added.data.operator.id;
    const token = await signIn(t.app, who);
    const { secret } = (await call<{ secret: string }>(t.app, 'POST', '/admin/totp/enrol', {}, { token }))
      .data;
    const code = hotp(base32Decode(secret), BigInt(Math.floor(clock.ms / 30_000)));
    expect((await call(t.app, 'POST', '/admin/totp/confirm', { code }, { token })).code).toBe(0);
    expect((await call(t.app, 'POST', '/admin/login', who)).data).toEqual({ totp: true });

    const bySelf = await call(
      t.app,
      'POST',
      '/admin/totp/reset',
      { id, reason: 'Telefono perso' },
      { token },
    );
    expect(bySelf).toMatchObject({ code: -1001, msg: 'Your role does not allow this action' });
    const unknown = await call(
      t.app,
      'POST',
      '/admin/totp/reset',
      { id: 9999, reason: 'Telefono perso' },
      { token: admin },
    );
    expect(unknown).toMatchObject({ code: -1001, msg: 'No operator with id 9999' });
    const reset = await call(
      t.app,
      'POST',
      '/admin/totp/reset',
      { id, reason: 'Telefono perso' },
      { token: admin },
    );
    expect(reset).toMatchObject({ code: 0, data: { id, enrolled: false } });
    const [line] = await t.db.query<{ reason: string; before: unknown; after: unknown }>(
      `select reason, before, after from audit_log where action = 'operator.totpReset'`,
    );
    expect(line).toEqual({ reason: 'Telefono perso', before: { totp: true }, after: { totp: false } });
    expect((await call(t.app, 'POST', '/admin/login', who)).code).toBe(0);
  });
});
