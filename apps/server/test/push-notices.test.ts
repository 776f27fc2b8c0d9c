import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { notifyInvestor } from '../src/kit/personal-notice';
import { resolveVapid } from '../src/modules/push/vapid-keys';
import { countRows } from './admin-fixtures';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { newApplicant } from './investor-steps';

/*
 * Web push of personal notices (issue 15 item 7, decision 040). The push service is a fake one on this
 * machine: an http server that records what reaches it. The investor's device is played by a P-256 key pair
 * and an auth secret, as a browser's push manager makes them, so the test decrypts what the server sent.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let t: TestApp;
let clock: TestClock;
let dataDir: string;
let pushService: Server;
let pushOrigin: string;
let received: Received[];

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'piazza-push-'));
  clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
  t = await createTestApp({ clock, env: { DATA_DIR: dataDir } });
  received = [];
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      // A device whose subscription expired: the push service answers 410 Gone.
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => pushService.close(resolve));
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A browser's side of a subscription: its key pair and auth secret. */
function device(endpointPath: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    params: {
      endpoint: `${pushOrigin}${endpointPath}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: auth.toString('base64url'),
    },
  };
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const h = createHmac('sha256', key);
  for (const d of data) h.update(d);
  return h.digest();
};

/** What the browser does with a push message (RFC 8291, aes128gcm in one record). */
function decrypt(body: Buffer, d: ReturnType<typeof device>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] as number;
  const serverKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = d.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), d.ecdh.getPublicKey(), serverKey]);
  const ikm = hmac(hmac(d.auth, shared), keyInfo, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(-16));
  const plain = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any padding of zeros.
  let end = plain.length - 1;
  while (plain[end] === 0) end -= 1;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString('utf8');
}

/** Checks the VAPID Authorization header (RFC 8292): a JWT for the push service's origin, signed with `publicKey`. */
function expectVapid(header: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, jwt, k] = match as RegExpExecArray;
  expect(k).toBe(publicKey);
  const [head, claims, signature] = (jwt as string).split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ aud: pushOrigin });
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
}

let noticeSerial = 0;
const depositNotice = (userId: number) =>
  notifyInvestor(t.db, {
    userId,
    key: 'notice.deposit.credited',
    params: ['250.00', 'EUR'],
    ref: `deposit:test-${++noticeSerial}`,
    nowMs: clock.now(),
  });

const subscribe = (token: string, params: Record<string, string>, lang = 'en-US') =>
  call<{ subscribed: boolean }>(t.app, 'POST', '/user/push/subscribe', params, { token, lang });

describe('a personal notice pushed to the devices that consented', () => {
  it('reaches the device encrypted and signed, in the language it subscribed in; a gone device is removed', async () => {
    const investor = await newApplicant(t, 0n);
    const other = await newApplicant(t, 0n);
    const key = await call<{ enabled: boolean; publicKey: string }>(
      t.app,
      'GET',
      '/user/push/key',
      {},
      { token: investor.token },
    );
    expect(key.data.enabled).toBe(true);
    expect(Buffer.from(key.data.publicKey, 'base64url')).toHaveLength(65);

    const phone = device('/push/phone-1');
    const expired = device('/gone/tablet-1');
    expect((await subscribe(investor.token, phone.params, 'it-IT')).data).toEqual({ subscribed: true });
    expect((await subscribe(investor.token, expired.params)).code).toBe(0);
    expect(await countRows(t.db, 'push_subscriptions')).toBe(2);

    await depositNotice(investor.id);
    await depositNotice(other.id); // nobody of theirs subscribed: nothing is sent for it
    const runs = await t.app.services.jobs.runNow('push-notices', 'test');
    expect(runs.map((r) => r.state)).toEqual(['succeeded']);
    expect(runs[0]?.summary).toContain('1 pushed, 1 gone subscriptions removed, 0 failed');

    const toPhone = received.filter((r) => r.path === '/push/phone-1');
    expect(toPhone).toHaveLength(1);
    const push = toPhone[0] as Received;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBeDefined();
    expectVapid(push.headers.authorization, key.data.publicKey);
    const message = JSON.parse(decrypt(push.body, phone)) as { title: string; body: string; url: string };
    expect(message.title).toBe('Deposito accreditato');
    expect(message.body).toBe('Sul tuo conto sono stati accreditati 250,00 EUR.');
    expect(message.url).toMatch(/^\/pages\/notice\/detail\?id=\d+$/);

    // The tablet's subscription had expired (410): removed, the phone's kept.
    expect(received.filter((r) => r.path === '/gone/tablet-1')).toHaveLength(1);
    expect(await countRows(t.db, 'push_subscriptions')).toBe(1);

    // Pushed once: the next run finds nothing new.
    expect(await t.app.services.jobs.runNow('push-notices', 'test')).toEqual([]);
    expect(received).toHaveLength(2);
  });

  it('sends nothing to a device whose investor withdrew consent', async () => {
    const investor = await newApplicant(t, 0n);
    const phone = device('/push/phone-2');
    expect((await subscribe(investor.token, phone.params)).code).toBe(0);
    const off = await call<{ subscribed: boolean }>(
      t.app,
      'POST',
      '/user/push/unsubscribe',
      { endpoint: phone.params.endpoint },
      { token: investor.token },
    );
    expect(off.data).toEqual({ subscribed: false });
    await depositNotice(investor.id);
    const runs = await t.app.services.jobs.runNow('push-notices', 'test');
    expect(runs[0]?.summary).toContain('0 pushed');
    expect(received).toHaveLength(0);
  });
});

describe('refusals', () => {
  it('refuses a subscription that no browser would make, by name in both languages, storing nothing', async () => {
    const investor = await newApplicant(t, 0n);
    const good = device('/push/phone-3').params;
    const bad = async (params: Record<string, string>, lang: string) => {
      const res = await subscribe(investor.token, params, lang);
      expect(res.code).toBe(-1001);
      return res.msg;
    };
    expect(await bad({ ...good, endpoint: 'ftp://push.example/x' }, 'en-US')).toBe(
      'The push subscription’s endpoint must be the push service’s address.',
    );
    expect(await bad({ ...good, p256dh: Buffer.alloc(65, 1).toString('base64url') }, 'it-IT')).toBe(
      'La chiave p256dh della sottoscrizione push deve essere una chiave pubblica P-256 in base64url.',
    );
    expect(await bad({ ...good, auth: 'c2hvcnQ' }, 'en-US')).toBe(
      'The push subscription’s auth secret must be 16 bytes in base64url.',
    );
    expect(await bad({ ...good, auth: 'c2hvcnQ' }, 'it-IT')).toBe(
      'Il segreto auth della sottoscrizione push deve essere di 16 byte in base64url.',
    );
    expect(await countRows(t.db, 'push_subscriptions')).toBe(0);
    const guest = await call(t.app, 'POST', '/user/push/subscribe', good);
    expect(guest.code).not.toBe(0);
    expect(await countRows(t.db, 'push_subscriptions')).toBe(0);
  });
});

describe('the VAPID keys', () => {
  it('are generated once into DATA_DIR (mode 0600) and read from there after', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'piazza-vapid-'));
    try {
      const config = loadConfig({ DATA_DIR: dir } as NodeJS.ProcessEnv);
      const made = resolveVapid(config);
      expect(made?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(statSync(path.join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
      expect(resolveVapid(config)).toEqual(made);
      expect(JSON.parse(readFileSync(path.join(dir, 'vapid.json'), 'utf8')).publicKey).toBe(made?.publicKey);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('come from the configuration on PostgreSQL outside demo mode; without it push is off', () => {
    const pg = { DATABASE_URL: 'postgres://h/db', DEMO_MODE: '0', DATA_DIR: '/nonexistent/never-written' };
    expect(resolveVapid(loadConfig(pg as NodeJS.ProcessEnv))).toBeNull();
    const pair = { publicKey: `B${'A'.repeat(86)}`, privateKey: 'A'.repeat(43) };
    const configured = loadConfig({
      ...pg,
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'mailto:ops@broker.example',
    } as NodeJS.ProcessEnv);
    expect(resolveVapid(configured)).toEqual({ subject: 'mailto:ops@broker.example', ...pair });
    expect(() => loadConfig({ ...pg, VAPID_PUBLIC_KEY: pair.publicKey } as NodeJS.ProcessEnv)).toThrowError(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/,
    );
  });
});
