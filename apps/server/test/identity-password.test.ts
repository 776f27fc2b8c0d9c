import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { codeFromOutbox, liveSessions, loginFrom, registerInvestor } from './identity-steps';

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const login = (account: string, password: string) =>
  call<{ token: string }>(t.app, 'POST', '/user/login', { account, password });

const passwordHash = async (id: number) =>
  (await t.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [id]))[0]
    ?.password_hash;

describe('forgotten password (findPasswd)', () => {
  it('sets a new password with the reset code and signs out every session', async () => {
    const { token, user } = await registerInvestor(t.app, 'smemorato@example.it', 'vecchia1');
    await login('smemorato@example.it', 'vecchia1');
    expect(await liveSessions(t.db, user.id)).toBe(2);

    clock.advance(60_000);
    expect(
      await call(t.app, 'POST', '/common/code/send', { account: 'smemorato@example.it', scene: 'reset' }),
    ).toMatchObject({ code: 0, data: { expiresInSeconds: 300, resendInSeconds: 60 } });
    const code = await codeFromOutbox(t.app, 'smemorato@example.it', 'reset');
    const res = await call(t.app, 'POST', '/user/reset/password', {
      account: 'Smemorato@example.it',
      code,
      password: 'nuova123',
      confirmPassword: 'nuova123',
    });
    expect(res).toMatchObject({ code: 0 });

    expect(await liveSessions(t.db, user.id)).toBe(0);
    expect(await call(t.app, 'POST', '/user/update', {}, { token })).toMatchObject({ code: -1000 });
    expect((await login('smemorato@example.it', 'vecchia1')).code).toBe(-1001);
    expect((await login('smemorato@example.it', 'nuova123')).code).toBe(0);
  });

  it('answers a reset request for an unknown account alike, and sends nothing', async () => {
    const res = await call(t.app, 'POST', '/common/code/send', {
      account: 'nessuno@example.it',
      scene: 'reset',
    });
    expect(res).toMatchObject({ code: 0, data: { expiresInSeconds: 300, resendInSeconds: 60 } });
    const outbox = await call<{ list: unknown[] }>(t.app, 'GET', '/dev/outbox', { to: 'nessuno@example.it' });
    expect(outbox.data.list).toEqual([]);
    // Asking again at once gets the same wait as a real account would.
    const again = await call(t.app, 'POST', '/common/code/send', {
      account: 'nessuno@example.it',
      scene: 'reset',
    });
    expect(again.msg).toBe('Please wait 60 s before requesting a new security code');
    const reset = await call(t.app, 'POST', '/user/reset/password', {
      account: 'nessuno@example.it',
      code: '123456',
      password: 'nuova123',
      confirmPassword: 'nuova123',
    });
    expect(reset).toMatchObject({ code: -1001, msg: 'Security code error' });
  });

  it('refuses a wrong code, a register code, a short password and a mismatch, changing nothing', async () => {
    const { user } = await registerInvestor(t.app, '3520000001', 'vecchia1');
    const before = await passwordHash(user.id);
    // The register code is spent and belongs to another scene.
    const registerCode = await codeFromOutbox(t.app, '3520000001', 'register');
    const form = {
      account: '3520000001',
      code: registerCode,
      password: 'nuova123',
      confirmPassword: 'nuova123',
    };
    expect((await call(t.app, 'POST', '/user/reset/password', form)).msg).toBe('Security code error');

    clock.advance(60_000);
    await call(t.app, 'POST', '/common/code/send', {
      account: '3520000001',
      areaCode: '+39',
      scene: 'reset',
    });
    const code = await codeFromOutbox(t.app, '3520000001', 'reset');
    const wrong = code === '999999' ? '999998' : '999999';
    expect((await call(t.app, 'POST', '/user/reset/password', { ...form, code: wrong })).msg).toBe(
      'Security code error',
    );
    expect(
      (
        await call(t.app, 'POST', '/user/reset/password', {
          ...form,
          code,
          password: 'abc',
          confirmPassword: 'abc',
        })
      ).msg,
    ).toBe('The password must be 6 to 20 characters long');
    const mismatch = await call(
      t.app,
      'POST',
      '/user/reset/password',
      { ...form, code, confirmPassword: 'nuova124' },
      {
        lang: 'it-IT',
      },
    );
    expect(mismatch.msg).toBe('Le password non coincidono');
    expect(await passwordHash(user.id)).toBe(before);
    expect((await login('3520000001', 'vecchia1')).code).toBe(0);

    clock.advance(5 * 60_000);
    expect((await call(t.app, 'POST', '/user/reset/password', { ...form, code })).msg).toBe(
      'The security code has expired, please request a new one',
    );
  });

  it('clears the failed logins of the account', async () => {
    await registerInvestor(t.app, '3520000002', 'vecchia1');
    const ip = '10.9.0.1';
    for (let i = 0; i < 3; i++) await loginFrom(t.app, ip, { account: '3520000002', password: 'sbagliata' });
    expect((await loginFrom(t.app, '10.9.0.2', { account: '3520000002', password: 'vecchia1' })).msg).toBe(
      'Please confirm you are not a program: the check runs in your browser',
    );
    clock.advance(60_000);
    await call(t.app, 'POST', '/common/code/send', { account: '3520000002', scene: 'reset' });
    const code = await codeFromOutbox(t.app, '3520000002', 'reset');
    const form = { account: '3520000002', code, password: 'nuova123', confirmPassword: 'nuova123' };
    expect((await call(t.app, 'POST', '/user/reset/password', form)).code).toBe(0);
    // The account's failures are forgotten; the address that made them still has to show a captcha.
    expect((await loginFrom(t.app, '10.9.0.2', { account: '3520000002', password: 'nuova123' })).code).toBe(
      0,
    );
    expect((await loginFrom(t.app, ip, { account: '3520000002', password: 'nuova123' })).msg).toBe(
      'Please confirm you are not a program: the check runs in your browser',
    );
  });
});

describe('changing the password (security centre)', () => {
  it('keeps the current session and signs out the others', async () => {
    const { token, user } = await registerInvestor(t.app, 'prudente@example.it', 'vecchia1');
    const other = (await login('prudente@example.it', 'vecchia1')).data.token;
    const res = await call(
      t.app,
      'POST',
      '/user/update/password',
      { oldPassword: 'vecchia1', password: 'nuova123', confirmPassword: 'nuova123' },
      { token },
    );
    expect(res).toMatchObject({ code: 0 });
    expect(await liveSessions(t.db, user.id)).toBe(1);
    expect(await call(t.app, 'GET', '/user/login/info', {}, { token })).toMatchObject({
      data: { user: { id: user.id } },
    });
    expect(await call(t.app, 'POST', '/user/logout', {}, { token: other })).toMatchObject({ code: -1000 });
    expect((await login('prudente@example.it', 'nuova123')).code).toBe(0);
  });

  it('refuses a wrong current password, a short or unchanged one and a mismatch, changing nothing', async () => {
    const { token, user } = await registerInvestor(t.app, 'attento@example.it', 'vecchia1');
    const before = await passwordHash(user.id);
    const change = (params: Record<string, string>, lang = 'en-US') =>
      call(t.app, 'POST', '/user/update/password', params, { token, lang });
    expect(
      await change({ oldPassword: 'sbagliata', password: 'nuova123', confirmPassword: 'nuova123' }),
    ).toMatchObject({
      code: -1001,
      msg: 'The current password is wrong',
    });
    expect(
      (await change({ oldPassword: 'sbagliata', password: 'nuova123', confirmPassword: 'nuova123' }, 'it-IT'))
        .msg,
    ).toBe('La password attuale è errata');
    expect((await change({ oldPassword: 'vecchia1', password: 'corta', confirmPassword: 'corta' })).msg).toBe(
      'The password must be 6 to 20 characters long',
    );
    expect(
      (await change({ oldPassword: 'vecchia1', password: 'nuova123', confirmPassword: 'nuova124' })).msg,
    ).toBe('The passwords do not match');
    expect(
      (await change({ oldPassword: 'vecchia1', password: 'vecchia1', confirmPassword: 'vecchia1' })).msg,
    ).toBe('The new password must differ from the current one');
    expect((await change({ oldPassword: 'vecchia1', password: 'nuova123' })).msg).toBe(
      'confirmPassword is required',
    );
    expect(await passwordHash(user.id)).toBe(before);
    expect(await liveSessions(t.db, user.id)).toBe(1);
  });
});

describe('wrong current passwords count as failed logins', () => {
  it('asks for a captcha at login after 3, holds the change back after 5, and the right one clears them', async () => {
    const { token, user } = await registerInvestor(t.app, 'tentativi@example.it', 'vecchia1');
    const before = await passwordHash(user.id);
    const change = (oldPassword: string, lang = 'en-US') =>
      call(
        t.app,
        'POST',
        '/user/update/password',
        { oldPassword, password: 'nuova123', confirmPassword: 'nuova123' },
        { token, lang },
      );
    for (let i = 0; i < 3; i++)
      expect((await change(`sbagliata${i}`)).msg).toBe('The current password is wrong');
    expect(await login('tentativi@example.it', 'vecchia1')).toMatchObject({
      code: -1001,
      msg: 'Please confirm you are not a program: the check runs in your browser',
      data: { captcha: true },
    });
    for (let i = 3; i < 5; i++)
      expect((await change(`sbagliata${i}`)).msg).toBe('The current password is wrong');
    // The fifth failure asks for 1 s before the next try, even with the right password.
    expect(await change('vecchia1')).toMatchObject({
      code: -1001,
      msg: 'Too many failed attempts, please try again in 1 s',
    });
    expect((await change('vecchia1', 'it-IT')).msg).toBe('Troppi tentativi falliti, riprova tra 1 s');
    expect(await passwordHash(user.id)).toBe(before);

    clock.advance(1_000);
    expect((await change('sbagliata5')).msg).toBe('The current password is wrong');
    expect((await change('vecchia1')).msg).toBe('Too many failed attempts, please try again in 2 s');
    clock.advance(2_000);
    expect(await change('vecchia1')).toMatchObject({ code: 0 });
    expect(await passwordHash(user.id)).not.toBe(before);
    // The failures are forgotten: the next login needs no captcha.
    expect((await login('tentativi@example.it', 'nuova123')).code).toBe(0);
  });
});

describe('user settings (userInfo)', () => {
  it('changes the nickname and the language, leaving out what is not sent', async () => {
    const { token } = await registerInvestor(t.app, 'nome@example.it');
    const named = await call(t.app, 'POST', '/user/update', { nickname: '  Giulia Demo ' }, { token });
    expect(named).toMatchObject({ code: 0, data: { user: { nickname: 'Giulia Demo', language: 'en-US' } } });
    const italian = await call(t.app, 'POST', '/user/update', { language: 'it-IT' }, { token });
    expect(italian).toMatchObject({ data: { user: { nickname: 'Giulia Demo', language: 'it-IT' } } });
    expect(await call(t.app, 'GET', '/user/login/info', {}, { token })).toMatchObject({
      data: { user: { nickname: 'Giulia Demo', language: 'it-IT' } },
    });
  });

  it('refuses an empty or long nickname and an unknown language', async () => {
    const { token } = await registerInvestor(t.app, 'lungo@example.it');
    expect((await call(t.app, 'POST', '/user/update', { nickname: '   ' }, { token })).msg).toBe(
      'The nickname must be 1 to 30 characters long',
    );
    expect(
      (await call(t.app, 'POST', '/user/update', { nickname: 'x'.repeat(31) }, { token, lang: 'it-IT' })).msg,
    ).toBe('Il nickname deve contenere da 1 a 30 caratteri');
    expect((await call(t.app, 'POST', '/user/update', { language: 'fr-FR' }, { token })).msg).toBe(
      'The language must be it-IT or en-US',
    );
    expect(await call(t.app, 'GET', '/user/login/info', {}, { token })).toMatchObject({
      data: { user: { nickname: null, language: 'en-US' } },
    });
  });
});
