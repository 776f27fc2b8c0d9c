import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { codeFromOutbox, countRows, registerInvestor, type SignedIn } from './identity-steps';

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** Sends a register code to `account` and returns it, as a person reading their phone would. */
async function registerCode(account: string, areaCode = '+39'): Promise<string> {
  const sent = await call(t.app, 'POST', '/common/code/send', { account, scene: 'register', areaCode });
  expect(sent).toMatchObject({ code: 0 });
  return codeFromOutbox(t.app, account, 'register', areaCode);
}

const form = (account: string, code: string, over: Record<string, string | number | undefined> = {}) => ({
  account,
  password: 'segreta1',
  confirmPassword: 'segreta1',
  code,
  areaCode: '+39',
  agree: 1,
  ...over,
});

/** Asserts a refusal in English and in Italian, and that it left no user and no session behind. */
async function expectRefused(
  params: Record<string, string | number | undefined>,
  en: string,
  it_: string,
): Promise<void> {
  const before = { users: await countRows(t.db, 'users'), sessions: await countRows(t.db, 'sessions') };
  const inEnglish = await call(t.app, 'POST', '/user/register', params);
  expect(inEnglish).toMatchObject({ code: -1001, msg: en, data: null });
  const inItalian = await call(t.app, 'POST', '/user/register', params, { lang: 'it-IT' });
  expect(inItalian).toMatchObject({ code: -1001, msg: it_ });
  expect(await countRows(t.db, 'users')).toBe(before.users);
  expect(await countRows(t.db, 'sessions')).toBe(before.sessions);
}

describe('register', () => {
  it('registers a phone number with the code from the outbox and answers signed in', async () => {
    const code = await registerCode('333 123 4567');
    const res = await call<SignedIn & { user: Record<string, unknown> }>(
      t.app,
      'POST',
      '/user/register',
      form('333 123 4567', code),
    );
    expect(res.code).toBe(0);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data.user).toMatchObject({
      account: '+393331234567',
      status: 1,
      idStatus: 'none',
      displayId: `IN365201820${res.data.user.id}`,
      email: null,
      nickname: null,
      creditScore: 80,
      language: 'en-US',
      createdAt: clock.now(),
    });
    expect(res.data.user.inviteCode).toMatch(/^[A-Z0-9]{6,8}$/);
    expect(res.data.user).not.toHaveProperty('passwordHash');

    const info = await call<{ user: { id: number } }>(
      t.app,
      'GET',
      '/user/login/info',
      {},
      { token: res.data.token },
    );
    expect(info).toMatchObject({ code: 0, data: { user: { id: res.data.user.id }, openAutoApply: 0 } });
  });

  it('stores the token and the code only as hashes', async () => {
    const signedIn = await registerInvestor(t.app, 'hash.check@example.it');
    const sessions = await t.db.query<{ token_hash: string }>('select token_hash from sessions');
    expect(sessions.some((s) => s.token_hash === signedIn.token)).toBe(false);
    const code = await codeFromOutbox(t.app, 'hash.check@example.it');
    const codes = await t.db.query<{ code_hash: string }>('select code_hash from verification_codes');
    expect(codes.some((c) => c.code_hash.includes(code))).toBe(false);
  });

  it('registers an email lower-cased, whatever the case typed, and signs in with it', async () => {
    const code = await registerCode('Mario.Rossi@Example.IT');
    const res = await call<SignedIn & { user: { email: string } }>(
      t.app,
      'POST',
      '/user/register',
      form('MARIO.ROSSI@example.it', code),
      { lang: 'it-IT' },
    );
    expect(res.data.user).toMatchObject({
      account: 'mario.rossi@example.it',
      email: 'mario.rossi@example.it',
    });
    const login = await call(t.app, 'POST', '/user/login', {
      account: 'mario.rossi@EXAMPLE.it',
      password: 'segreta1',
    });
    expect(login.code).toBe(0);
  });

  it('refuses a wrong code, and the code still works after the mistake', async () => {
    const code = await registerCode('3401112222');
    const wrong = code === '000000' ? '000001' : '000000';
    await expectRefused(form('3401112222', wrong), 'Security code error', 'Codice di verifica errato');
    const res = await call(t.app, 'POST', '/user/register', form('3401112222', code));
    expect(res.code).toBe(0);
  });

  it('refuses a code after five wrong attempts, even the right one', async () => {
    const code = await registerCode('3401113333');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(await call(t.app, 'POST', '/user/register', form('3401113333', wrong))).toMatchObject({
        msg: 'Security code error',
      });
    }
    await expectRefused(
      form('3401113333', code),
      'Too many wrong attempts with this security code, please request a new one',
      'Troppi tentativi errati con questo codice di verifica, richiedine uno nuovo',
    );
  });

  it('refuses an expired code (after 5 minutes)', async () => {
    const code = await registerCode('3401114444');
    clock.advance(5 * 60_000);
    await expectRefused(
      form('3401114444', code),
      'The security code has expired, please request a new one',
      'Il codice di verifica è scaduto, richiedine uno nuovo',
    );
  });

  it('refuses a code sent for another account or no code at all', async () => {
    const code = await registerCode('3401115555');
    await expectRefused(form('3401116666', code), 'Security code error', 'Codice di verifica errato');
  });

  it('refuses a password shorter than 6 or longer than 20 characters', async () => {
    const code = await registerCode('3401117777');
    const short = form('3401117777', code, { password: '12345', confirmPassword: '12345' });
    await expectRefused(
      short,
      'The password must be 6 to 20 characters long',
      'La password deve contenere da 6 a 20 caratteri',
    );
    const long = 'a'.repeat(21);
    await expectRefused(
      form('3401117777', code, { password: long, confirmPassword: long }),
      'The password must be 6 to 20 characters long',
      'La password deve contenere da 6 a 20 caratteri',
    );
    // The refusals spent none of the code's attempts: the right form still goes through.
    expect((await call(t.app, 'POST', '/user/register', form('3401117777', code))).code).toBe(0);
  });

  it('refuses passwords that do not match', async () => {
    const code = await registerCode('3401118888');
    await expectRefused(
      form('3401118888', code, { confirmPassword: 'segreta2' }),
      'The passwords do not match',
      'Le password non coincidono',
    );
  });

  it('refuses without the agreement ticked, or with it left out', async () => {
    const code = await registerCode('3401119999');
    const en = 'Please agree to the disclaimer and the privacy policy first';
    const it_ = 'Accetta prima il disclaimer e l’informativa sulla privacy';
    await expectRefused(form('3401119999', code, { agree: 0 }), en, it_);
    await expectRefused(form('3401119999', code, { agree: undefined }), en, it_);
    await expectRefused(form('3401119999', code, { agree: 'maybe' }), en, it_);
  });

  it('refuses a malformed phone number or email', async () => {
    await expectRefused(
      form('12', '123456'),
      'Invalid phone number format',
      'Formato del numero di telefono non valido',
    );
    await expectRefused(form('mario@', '123456'), 'Invalid email address', 'Indirizzo email non valido');
    await expectRefused(
      form('3331234567', '123456', { areaCode: '+999' }),
      'Unknown area code',
      'Prefisso internazionale sconosciuto',
    );
  });

  it('refuses an account that is already registered, however it is typed', async () => {
    // '+393331234567' was registered above as '333 123 4567'.
    const sent = await call(t.app, 'POST', '/common/code/send', {
      account: '+39 333 1234567',
      scene: 'register',
    });
    expect(sent).toMatchObject({ code: -1001, msg: 'This account is already registered' });
    await expectRefused(
      form('0039 333 123 4567', '123456'),
      'This account is already registered',
      'Questo account è già registrato',
    );
  });

  it('takes an invite code in any case and refuses an unknown one', async () => {
    const inviter = await registerInvestor(t.app, 'inviter@example.it');
    const code = await registerCode('invitee@example.it');
    await expectRefused(
      form('invitee@example.it', code, { inviteCode: 'NOPE00' }),
      'Unknown invite code',
      'Codice invito inesistente',
    );
    const res = await call<SignedIn>(
      t.app,
      'POST',
      '/user/register',
      form('invitee@example.it', code, { inviteCode: inviter.user.inviteCode.toLowerCase() }),
    );
    expect(res.code).toBe(0);
    const rows = await t.db.query<{ invited_by: number }>('select invited_by from users where id = $1', [
      res.data.user.id,
    ]);
    expect(rows[0]?.invited_by).toBe(inviter.user.id);
  });

  it('refuses unknown fields', async () => {
    await expectRefused(
      { ...form('3401110000', '123456'), status: 1 },
      'Unknown field status',
      'Campo sconosciuto: status',
    );
  });

  it('uses a code only once', async () => {
    const code = await registerCode('3401110001');
    expect((await call(t.app, 'POST', '/user/register', form('3401110001', code))).code).toBe(0);
    // A second registration with the same code: the account now exists, and the code is spent anyway.
    const used = await t.db.query<{ consumed_at: Date | null }>(
      "select consumed_at from verification_codes where account = '+393401110001'",
    );
    expect(used[0]?.consumed_at).toBeInstanceOf(Date);
  });
});
