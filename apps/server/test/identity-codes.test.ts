import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { RedisBus } from '../src/market/bus-redis';
import { call, createTestApp, freshDatabase, type TestApp, TestClock } from './helper';
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

/** A code request from a given client address (the helper's calls all come from 127.0.0.1, not counted). */
async function sendFrom(
  app: App,
  ip: string,
  params: Record<string, string>,
  lang = 'en-US',
): Promise<{ code: number; msg: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/ipcg-api/common/code/send',
    payload: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
    remoteAddress: ip,
  });
  return res.json();
}

const outboxCount = async (app: App, to: string) =>
  (await call<{ list: unknown[] }>(app, 'GET', '/dev/outbox', { to })).data.list.length;

describe('hourly limits on sending codes', () => {
  it('sends at most 5 codes an hour to one address, whatever the scene, then says when to retry', async () => {
    const ip = '198.51.100.1';
    const start = clock.now();
    for (let i = 0; i < 5; i++) {
      expect((await sendFrom(t.app, ip, { account: 'costosa@example.it', scene: 'register' })).code).toBe(0);
      clock.advance(60_000);
    }
    // Five minutes after the first code: the sixth waits until the first leaves the hour, 55 minutes on.
    expect(clock.now() - start).toBe(5 * 60_000);
    const codes = await countRows(t.db, 'verification_codes');
    expect(await sendFrom(t.app, ip, { account: 'costosa@example.it', scene: 'register' })).toEqual({
      code: -1001,
      msg: 'Too many security codes requested, please try again in 55 min',
      data: null,
    });
    expect((await sendFrom(t.app, ip, { account: 'costosa@example.it', scene: 'reset' }, 'it-IT')).msg).toBe(
      'Troppi codici di verifica richiesti, riprova tra 55 min',
    );
    // From another address, too: the limit is the destination's.
    expect(
      (await sendFrom(t.app, '198.51.100.2', { account: 'costosa@example.it', scene: 'reset' })).code,
    ).toBe(-1001);
    expect(await countRows(t.db, 'verification_codes')).toBe(codes);
    expect(await outboxCount(t.app, 'costosa@example.it')).toBe(5);

    clock.advance(55 * 60_000 - 1);
    expect((await sendFrom(t.app, ip, { account: 'costosa@example.it', scene: 'register' })).msg).toBe(
      'Too many security codes requested, please try again in 1 min',
    );
    clock.advance(1);
    expect((await sendFrom(t.app, ip, { account: 'costosa@example.it', scene: 'register' })).code).toBe(0);
    expect(await outboxCount(t.app, 'costosa@example.it')).toBe(6);
  });

  it('counts reset codes for an account that does not exist like any other, so the limit reveals nothing', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await sendFrom(t.app, '198.51.100.3', { account: 'nessuno@example.it', scene: 'reset' })).code,
      ).toBe(0);
      clock.advance(60_000);
    }
    expect(
      (await sendFrom(t.app, '198.51.100.3', { account: 'nessuno@example.it', scene: 'reset' })).msg,
    ).toBe('Too many security codes requested, please try again in 55 min');
    expect(await outboxCount(t.app, 'nessuno@example.it')).toBe(0);
  });

  it('sends at most 20 codes an hour from one client address; another address is not held back', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 20; i++) {
      expect((await sendFrom(t.app, ip, { account: `ip${i}@example.it`, scene: 'register' })).code).toBe(0);
    }
    clock.advance(10 * 60_000);
    const codes = await countRows(t.db, 'verification_codes');
    expect(await sendFrom(t.app, ip, { account: 'ip20@example.it', scene: 'register' }, 'it-IT')).toEqual({
      code: -1001,
      msg: 'Troppi codici di verifica richiesti, riprova tra 50 min',
      data: null,
    });
    expect(await countRows(t.db, 'verification_codes')).toBe(codes);
    expect(await outboxCount(t.app, 'ip20@example.it')).toBe(0);
    expect(
      (await sendFrom(t.app, '203.0.113.8', { account: 'ip20@example.it', scene: 'register' })).code,
    ).toBe(0);
    clock.advance(50 * 60_000);
    expect((await sendFrom(t.app, ip, { account: 'ip21@example.it', scene: 'register' })).code).toBe(0);
  });

  it('limits the security codes a signed-in user asks for their own account the same way', async () => {
    const { token } = await registerInvestor(t.app, 'sicura@example.it');
    const sendSecurity = async (lang = 'en-US') =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/ipcg-api/user/security/code/send',
          headers: { 'access-token': token, 'accept-language': lang },
          remoteAddress: '198.51.100.9',
        })
      ).json() as { code: number; msg: string };
    // The register code counts too: 1 + 4 security codes fill the hour.
    for (let i = 0; i < 4; i++) {
      clock.advance(60_000);
      expect((await sendSecurity()).code).toBe(0);
    }
    clock.advance(60_000);
    expect(await sendSecurity()).toMatchObject({
      code: -1001,
      msg: 'Too many security codes requested, please try again in 55 min',
    });
    expect((await sendSecurity('it-IT')).msg).toBe('Troppi codici di verifica richiesti, riprova tra 55 min');
  });

  it('lets exactly 20 of 30 simultaneous requests from one client address through', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sendFrom(t.app, '203.0.113.50', { account: `insieme${i}@example.it`, scene: 'register' }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(20);
    expect(
      results.filter((r) => r.msg === 'Too many security codes requested, please try again in 60 min'),
    ).toHaveLength(10);
    const stored = await t.db.query<{ n: bigint }>(
      "select count(*)::int8 as n from verification_codes where account like 'insieme%'",
    );
    expect(stored[0]?.n).toBe(20n);
  });

  it('does not count a refused early resend: the 60 s wait answers first and takes no slot', async () => {
    const ip = '198.51.100.4';
    expect((await sendFrom(t.app, ip, { account: 'fretta@example.it', scene: 'register' })).code).toBe(0);
    for (let i = 0; i < 10; i++) {
      expect((await sendFrom(t.app, ip, { account: 'fretta@example.it', scene: 'register' })).msg).toMatch(
        /^Please wait \d+ s/,
      );
    }
    for (let i = 0; i < 4; i++) {
      clock.advance(60_000);
      expect((await sendFrom(t.app, ip, { account: 'fretta@example.it', scene: 'register' })).code).toBe(0);
    }
    expect(await outboxCount(t.app, 'fretta@example.it')).toBe(5);
  });
});

describe('hourly limits kept in Redis (REDIS_URL)', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  // A prefix of this run only; its keys are deleted at the end.
  const prefix = `piazza-test-${randomBytes(4).toString('hex')}:`;

  it('counts across instances, each with its own database, and stores nothing in code_sends', async () => {
    const redisClock = new TestClock();
    const instances: { app: App; close(): Promise<void>; db: TestApp['db'] }[] = [];
    for (let i = 0; i < 2; i++) {
      const db = await freshDatabase();
      const bus = await RedisBus.connect(redisUrl, { prefix });
      const config = loadConfig({
        DEMO_MODE: '1',
        LOG_LEVEL: 'silent',
        REDIS_URL: redisUrl,
      } as NodeJS.ProcessEnv);
      const app = await buildApp({ config, db, bus, clock: redisClock, logger: false, seedDemo: false });
      instances.push({
        app,
        db,
        async close() {
          await app.close();
          await bus.close();
          await db.drop();
        },
      });
    }
    const admin = new Redis(redisUrl);
    try {
      const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? a.app : b.app;
        expect(
          (await sendFrom(app, '192.0.2.9', { account: 'condivisa@example.it', scene: 'register' })).code,
        ).toBe(0);
        redisClock.advance(60_000);
      }
      for (const { app } of [a, b]) {
        expect(
          (await sendFrom(app, '192.0.2.9', { account: 'condivisa@example.it', scene: 'register' })).msg,
        ).toBe('Too many security codes requested, please try again in 55 min');
      }
      expect(await a.db.query('select * from code_sends')).toEqual([]);
      expect(await admin.zcard(`${prefix}code-send:address:condivisa@example.it`)).toBe(5);
      expect(await admin.zcard(`${prefix}code-send:ip:192.0.2.9`)).toBe(5);
      redisClock.advance(55 * 60_000);
      expect(
        (await sendFrom(b.app, '192.0.2.9', { account: 'condivisa@example.it', scene: 'register' })).code,
      ).toBe(0);
    } finally {
      for (const instance of instances) await instance.close();
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    }
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
