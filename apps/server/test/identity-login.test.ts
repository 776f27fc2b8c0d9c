import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import {
  countRows,
  liveSessions,
  loginFrom as loginAt,
  registerInvestor,
  solvedCaptcha,
} from './identity-steps';

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const loginFrom = (ip: string, params: Record<string, string>, lang = 'en-US') =>
  loginAt(t.app, ip, params, lang);

const solved = () => solvedCaptcha(t.app);

describe('login, login-info and logout', () => {
  it('signs in, shows the user in login-info, signs out, and the old token is then refused', async () => {
    const { user } = await registerInvestor(t.app, 'giulia@example.it', 'Piazza2026');
    const login = await loginFrom('10.0.0.1', { account: 'Giulia@Example.it', password: 'Piazza2026' });
    expect(login).toMatchObject({ code: 0, data: { user: { id: user.id, account: 'giulia@example.it' } } });
    const token = (login.data as { token: string }).token;

    const info = await call(t.app, 'GET', '/user/login/info', {}, { token });
    expect(info).toEqual({
      code: 0,
      msg: 'Success',
      status: 200,
      data: {
        user: {
          id: user.id,
          account: 'giulia@example.it',
          status: 1,
          idStatus: 'none',
          displayId: `IN365201820${user.id}`,
          email: 'giulia@example.it',
          nickname: null,
          creditScore: 80,
          language: 'en-US',
          inviteCode: user.inviteCode,
          createdAt: clock.now(),
        },
        openAutoApply: 0,
        serviceSaleSmartly: '',
      },
    });

    expect(await call(t.app, 'POST', '/user/logout', {}, { token })).toMatchObject({ code: 0 });
    expect(await call(t.app, 'POST', '/user/logout', {}, { token })).toMatchObject({
      code: -1000,
      msg: 'You are not currently logged in, please go to log in',
    });
    expect(await call(t.app, 'GET', '/user/login/info', {}, { token })).toMatchObject({ code: 0, data: {} });
  });

  it('answers a guest and an unknown token with code 0 and exactly {}', async () => {
    const guest = await call(t.app, 'GET', '/user/login/info');
    expect(guest.code).toBe(0);
    expect(guest.data).toEqual({});
    const stale = await call(t.app, 'GET', '/user/login/info', {}, { token: 'not-a-token' });
    expect(stale.code).toBe(0);
    expect(stale.data).toEqual({});
  });

  it('refuses a user call without a session with -1000', async () => {
    expect(await call(t.app, 'POST', '/user/update', { nickname: 'x' })).toMatchObject({ code: -1000 });
    expect(await call(t.app, 'POST', '/user/update', { nickname: 'x' }, { token: 'forged' })).toMatchObject({
      code: -1000,
    });
  });

  it('gives a wrong password and an unknown account the same refusal, and opens no session', async () => {
    await registerInvestor(t.app, '3470000001');
    const sessions = await countRows(t.db, 'sessions');
    const wrongPassword = await loginFrom('10.0.0.2', { account: '3470000001', password: 'sbagliata' });
    const unknownAccount = await loginFrom('10.0.0.3', { account: '3470000009', password: 'segreta1' });
    expect(wrongPassword).toEqual({ code: -1001, msg: 'Wrong account or password', data: null });
    expect(unknownAccount).toEqual(wrongPassword);
    const inItalian = await loginFrom('10.0.0.4', { account: '3470000001', password: 'sbagliata' }, 'it-IT');
    expect(inItalian.msg).toBe('Account o password errati');
    expect(await countRows(t.db, 'sessions')).toBe(sessions);
  });

  it('takes a phone number however it is typed', async () => {
    await registerInvestor(t.app, '347 000 0002');
    for (const account of ['3470000002', '+393470000002', '0039 347 000 0002']) {
      expect((await loginFrom('10.0.0.5', { account, password: 'segreta1' })).code).toBe(0);
    }
    expect(
      (await loginFrom('10.0.0.5', { account: '3470000002', areaCode: '+39', password: 'segreta1' })).code,
    ).toBe(0);
  });
});

describe('captcha after 3 failures', () => {
  it('asks for a captcha after 3 failures for the account, refuses a wrong one, accepts the right one', async () => {
    await registerInvestor(t.app, '3480000001');
    const ip = '10.1.0.1';
    const wrong = { account: '3480000001', password: 'sbagliata' };
    expect((await loginFrom(ip, wrong)).data).toBeNull();
    expect((await loginFrom(ip, wrong)).data).toBeNull();
    // The third failure tells the app to show the captcha from now on.
    expect(await loginFrom(ip, wrong)).toMatchObject({
      msg: 'Wrong account or password',
      data: { captcha: true },
    });

    const right = { account: '3480000001', password: 'segreta1' };
    expect(await loginFrom(ip, right)).toEqual({
      code: -1001,
      msg: 'Please confirm you are not a program: the check runs in your browser',
      data: { captcha: true },
    });
    expect((await loginFrom(ip, right, 'it-IT')).msg).toBe(
      'Conferma di non essere un programma: la verifica si svolge nel tuo browser',
    );
    // From another address too: the account itself is under attack.
    expect((await loginFrom('10.1.0.2', right)).msg).toBe(
      'Please confirm you are not a program: the check runs in your browser',
    );

    const good = await solved();
    const wrongNumber = String((Number(good.captcha) + 1) % 100_001);
    expect(await loginFrom(ip, { ...right, captchaId: good.captchaId, captcha: wrongNumber })).toEqual({
      code: -1001,
      msg: 'Captcha check failed, please try again',
      data: { captcha: true },
    });
    // A challenge allows one try: the right number on a used challenge is still wrong.
    expect((await loginFrom(ip, { ...right, ...good })).msg).toBe('Captcha check failed, please try again');
    // A challenge made up by the caller (not signed by the server) is wrong too.
    const forged = { captchaId: 'f'.repeat(64), captcha: '42' };
    const italian = await loginFrom(ip, { ...right, ...forged }, 'it-IT');
    expect(italian.msg).toBe('Verifica captcha non riuscita, riprova');
    expect(await liveSessions(t.db, await userId('+393480000001'))).toBe(1); // only the register session

    const ok = await loginFrom(ip, { ...right, ...(await solved()) });
    expect(ok.code).toBe(0);
    // Success forgets the failures: no captcha next time.
    expect((await loginFrom(ip, right)).code).toBe(0);
  });

  it('asks for a captcha after 3 failures from one address, whatever accounts they named', async () => {
    const ip = '10.2.0.1';
    for (const account of ['3490000001', '3490000002', '3490000003']) {
      await loginFrom(ip, { account, password: 'segreta1' });
    }
    await registerInvestor(t.app, '3490000004');
    const fromThere = await loginFrom(ip, { account: '3490000004', password: 'segreta1' });
    expect(fromThere).toMatchObject({
      code: -1001,
      msg: 'Please confirm you are not a program: the check runs in your browser',
    });
    const elsewhere = await loginFrom('10.2.0.2', { account: '3490000004', password: 'segreta1' });
    expect(elsewhere.code).toBe(0);
  });

  it('refuses an expired captcha', async () => {
    const ip = '10.3.0.1';
    await registerInvestor(t.app, '3500000001');
    for (let i = 0; i < 3; i++) await loginFrom(ip, { account: '3500000001', password: 'sbagliata' });
    const early = await solved();
    clock.advance(5 * 60_000);
    const late = await loginFrom(ip, { account: '3500000001', password: 'segreta1', ...early });
    expect(late.msg).toBe('Captcha check failed, please try again');
  });

  it('gives a signed proof-of-work challenge with nothing in it to read', async () => {
    const a = await call<{ captchaId: string; algorithm: string; salt: string; maxNumber: number }>(
      t.app,
      'GET',
      '/common/captcha',
    );
    const b = await call<{ captchaId: string }>(t.app, 'GET', '/common/captcha');
    expect(a.code).toBe(0);
    expect(a.data).toEqual({
      captchaId: expect.stringMatching(/^[0-9a-f]{64}$/),
      algorithm: 'SHA-256',
      salt: expect.stringMatching(/^[0-9a-f]{24}&$/),
      maxNumber: 100_000,
    });
    expect(a.data.captchaId).not.toBe(b.data.captchaId);
  });
});

describe('growing delay from the 5th failure', () => {
  it('makes each attempt wait 2^(failures-5) seconds after the last failure, then lets the right one in', async () => {
    const ip = '10.4.0.1';
    await registerInvestor(t.app, '3510000001');
    const wrong = async () =>
      loginFrom(ip, { account: '3510000001', password: 'sbagliata', ...(await solved()) });
    for (let i = 0; i < 5; i++) expect((await wrong()).msg).toBe('Wrong account or password');

    // 5 failures: wait 1 s.
    expect(await wrong()).toEqual({
      code: -1001,
      msg: 'Too many failed attempts, please try again in 1 s',
      data: { captcha: true },
    });
    clock.advance(1000);
    expect((await wrong()).msg).toBe('Wrong account or password');
    // 6 failures: wait 2 s; after one of them, one is left.
    clock.advance(1000);
    expect((await wrong()).msg).toBe('Too many failed attempts, please try again in 1 s');
    const italian = await loginFrom(ip, { account: '3510000001', password: 'x' }, 'it-IT');
    expect(italian.msg).toBe('Troppi tentativi falliti, riprova tra 1 s');
    clock.advance(1000);
    expect((await wrong()).msg).toBe('Wrong account or password');
    // 7 failures: 4 s.
    expect((await wrong()).msg).toBe('Too many failed attempts, please try again in 4 s');

    clock.advance(4000);
    const right = await loginFrom(ip, { account: '3510000001', password: 'segreta1', ...(await solved()) });
    expect(right.code).toBe(0);
  });

  it('never makes anyone wait more than 15 minutes', async () => {
    await registerInvestor(t.app, '3510000002');
    await t.db.query(
      `insert into login_failures (key, failures, last_at) values ('account:+393510000002', 40, $1)`,
      [new Date(clock.now())],
    );
    const res = await loginFrom('10.4.0.2', { account: '3510000002', password: 'segreta1' });
    expect(res.msg).toBe('Too many failed attempts, please try again in 900 s');
  });

  it('forgets failures a day old', async () => {
    await registerInvestor(t.app, '3510000003');
    for (let i = 0; i < 3; i++) await loginFrom('10.4.0.3', { account: '3510000003', password: 'sbagliata' });
    clock.advance(24 * 60 * 60_000 + 1);
    expect((await loginFrom('10.4.0.3', { account: '3510000003', password: 'segreta1' })).code).toBe(0);
  });
});

describe('a disabled user (status 0)', () => {
  it('gets -1000 on user calls, status 0 in login-info, and cannot log in', async () => {
    const { token, user } = await registerInvestor(t.app, 'spento@example.it');
    await t.db.query('update users set status = 0 where id = $1', [user.id]);

    expect(await call(t.app, 'POST', '/user/update', { nickname: 'x' }, { token })).toMatchObject({
      code: -1000,
      msg: 'This account has been disabled',
    });
    expect(await call(t.app, 'POST', '/user/update/password', {}, { token, lang: 'it-IT' })).toMatchObject({
      code: -1000,
      msg: 'Questo account è stato disattivato',
    });
    const info = await call(t.app, 'GET', '/user/login/info', {}, { token });
    expect(info).toMatchObject({ code: 0, data: { user: { id: user.id, status: 0 } } });

    const sessions = await countRows(t.db, 'sessions');
    const right = await loginFrom('10.5.0.1', { account: 'spento@example.it', password: 'segreta1' });
    expect(right).toEqual({
      code: -1001,
      msg: 'This account has been disabled, please contact customer service',
      data: null,
    });
    const it_ = await loginFrom('10.5.0.1', { account: 'spento@example.it', password: 'segreta1' }, 'it-IT');
    expect(it_.msg).toBe('Questo account è stato disattivato, contatta il servizio clienti');
    // Without the password, nobody learns that the account is disabled.
    const wrong = await loginFrom('10.5.0.1', { account: 'spento@example.it', password: 'sbagliata' });
    expect(wrong.msg).toBe('Wrong account or password');
    expect(await countRows(t.db, 'sessions')).toBe(sessions);
  });
});

async function userId(account: string): Promise<number> {
  const rows = await t.db.query<{ id: number }>('select id from users where account = $1', [account]);
  if (!rows[0]) throw new Error(`no user ${account}`);
  return rows[0].id;
}
