import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { codeFromOutbox, countRows, registerInvestor } from './identity-steps';

let t: TestApp;
const clock = new TestClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const send = (params: Record<string, string>, opts: { token?: string; lang?: string } = {}) =>
  call(t.app, 'POST', '/common/code/send', params, opts);

describe('verification codes', () => {
  it('delivers a 6-digit register code to the outbox under the normalised account', async () => {
    expect(await send({ account: '(333) 765-4321', scene: 'register' })).toMatchObject({
      code: 0,
      data: { expiresInSeconds: 300, resendInSeconds: 60 },
    });
    const outbox = await call<{ list: { to: string; scene: string; code: string; createdAt: number }[] }>(
      t.app,
      'GET',
      '/dev/outbox',
      { to: '333 765 4321' },
    );
    expect(outbox.data.list).toHaveLength(1);
    expect(outbox.data.list[0]).toMatchObject({ to: '+393337654321', scene: 'register' });
    expect(outbox.data.list[0]?.code).toMatch(/^\d{6}$/);
    // The same code is found however the number is typed.
    for (const to of ['+393337654321', '3337654321', '0039 333 7654321']) {
      expect(await codeFromOutbox(t.app, to)).toBe(outbox.data.list[0]?.code);
    }
    expect(await codeFromOutbox(t.app, '3337654321', 'register', '+39')).toBe(outbox.data.list[0]?.code);
  });

  it('finds an email code by the address in any case', async () => {
    await send({ account: 'Anna.Bianchi@Example.IT', scene: 'register' });
    const code = await codeFromOutbox(t.app, 'anna.bianchi@example.it');
    expect(await codeFromOutbox(t.app, 'ANNA.BIANCHI@EXAMPLE.IT')).toBe(code);
  });

  it('sends to another country with its area code', async () => {
    await send({ account: '030 1234567', areaCode: '+49', scene: 'register' });
    const outbox = await call<{ list: { to: string }[] }>(t.app, 'GET', '/dev/outbox', {
      to: '301234567',
      areaCode: '49',
    });
    expect(outbox.data.list[0]?.to).toBe('+49301234567');
  });

  it('refuses a new code within 60 seconds, saying how long to wait', async () => {
    await send({ account: 'paziente@example.it', scene: 'register' });
    clock.advance(20_000);
    expect(await send({ account: 'paziente@example.it', scene: 'register' })).toEqual({
      code: -1001,
      msg: 'Please wait 40 s before requesting a new security code',
      data: null,
      status: 200,
    });
    expect((await send({ account: 'paziente@example.it', scene: 'register' }, { lang: 'it-IT' })).msg).toBe(
      'Attendi 40 s prima di richiedere un nuovo codice di verifica',
    );
    clock.advance(40_000);
    expect((await send({ account: 'paziente@example.it', scene: 'register' })).code).toBe(0);
    const outbox = await call<{ list: unknown[] }>(t.app, 'GET', '/dev/outbox', {
      to: 'paziente@example.it',
    });
    expect(outbox.data.list).toHaveLength(2);
  });

  it('only the latest code counts', async () => {
    await send({ account: 'doppio@example.it', scene: 'register' });
    const first = await codeFromOutbox(t.app, 'doppio@example.it');
    clock.advance(60_000);
    await send({ account: 'doppio@example.it', scene: 'register' });
    const second = await codeFromOutbox(t.app, 'doppio@example.it');
    const form = {
      account: 'doppio@example.it',
      password: 'segreta1',
      confirmPassword: 'segreta1',
      areaCode: '+39',
      agree: 1,
    };
    if (first !== second) {
      expect((await call(t.app, 'POST', '/user/register', { ...form, code: first })).msg).toBe(
        'Security code error',
      );
    }
    expect((await call(t.app, 'POST', '/user/register', { ...form, code: second })).code).toBe(0);
  });

  it('refuses a register code for an account that exists, and a malformed account or scene', async () => {
    await registerInvestor(t.app, 'esiste@example.it');
    clock.advance(60_000);
    const codes = await countRows(t.db, 'verification_codes');
    expect(await send({ account: 'esiste@example.it', scene: 'register' }, { lang: 'it-IT' })).toMatchObject({
      code: -1001,
      msg: 'Questo account è già registrato',
    });
    expect((await send({ account: '12345', scene: 'register' })).msg).toBe('Invalid phone number format');
    expect((await send({ account: 'a@b', scene: 'register' })).msg).toBe('Invalid email address');
    expect((await send({ account: 'x@example.it', scene: 'spam' })).msg).toBe(
      'Unknown purpose for the security code',
    );
    expect((await send({ account: 'x@example.it', scene: 'register', areaCode: 'abc' })).msg).toBe(
      'Unknown area code',
    );
    expect((await send({ scene: 'register' })).msg).toBe('account is required');
    expect(await countRows(t.db, 'verification_codes')).toBe(codes);
  });

  it('sends a bind code only to a signed-in user, for an account no one holds', async () => {
    const { token } = await registerInvestor(t.app, '3530000001');
    expect(await send({ account: 'nuova@example.it', scene: 'bind' })).toMatchObject({ code: -1000 });
    expect(await send({ account: 'esiste@example.it', scene: 'bind' }, { token })).toMatchObject({
      msg: 'This account is already registered',
    });
    expect((await send({ account: 'nuova@example.it', scene: 'bind' }, { token })).code).toBe(0);
    expect(await codeFromOutbox(t.app, 'nuova@example.it', 'bind')).toMatch(/^\d{6}$/);
  });
});

describe('area codes', () => {
  it('lists the countries with Italy first, named in the caller language', async () => {
    const en = await call<{ list: { iso: string; dial: string; name: string }[] }>(
      t.app,
      'GET',
      '/common/area/list',
    );
    expect(en.data.list[0]).toEqual({ iso: 'IT', dial: '+39', name: 'Italy' });
    const it_ = await call<{ list: { name: string }[] }>(
      t.app,
      'GET',
      '/common/area/list',
      {},
      { lang: 'it-IT' },
    );
    expect(it_.data.list[0]?.name).toBe('Italia');
    expect(en.data.list.map((c) => c.iso)).toContain('DE');
  });
});

describe('outside demo mode', () => {
  it('sends no code anywhere readable: the outbox path does not exist and the table stays empty', async () => {
    const prod = await createTestApp({ env: { DEMO_MODE: '0' } });
    try {
      expect(
        (await call(prod.app, 'POST', '/common/code/send', { account: 'vero@example.it', scene: 'register' }))
          .code,
      ).toBe(0);
      const res = await prod.app.inject({ method: 'GET', url: '/ipcg-api/dev/outbox?to=vero@example.it' });
      expect(res.statusCode).toBe(404);
      expect(await prod.db.query('select * from outbox')).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
