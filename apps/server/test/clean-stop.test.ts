import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/pglite';
import { verifyLedger } from '../src/ledger/verify';
import { registerModuleLedgerChecks } from '../src/server-modules';
import { newRequestId } from './funding-steps';
import { copyMigratedPglite, freshDatabase } from './helper';
import { registerInvestor } from './identity-steps';
import { credit } from './trading-steps';

/*
 * Issue 23's clean stop, on the real server in a process of its own (the signal, the listener and the exit
 * code are the process's): SIGTERM arrives in the middle of a burst of 80 spot orders (bitcoin, whose
 * market never closes, so the test runs at any hour with the server on the real clock and out of demo mode:
 * the demo seed would cost a minute at each start). Every request gets an
 * answer (the order, or 503 with Connection: close and Retry-After), every order answered is in the
 * database, none refused is, the ledger holds and the process exits 0. Nothing waits on a timer: each step
 * waits for its evidence (a log line, an answer, the 100 Continue of a request the server holds).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const burstSize = 80;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { code: number; msg: string; data: { id?: number | string } | null };
}

/** The server's log, line by line (pino JSON), with a way to wait for a line. */
class ServerLog {
  private readonly lines: string[] = [];
  private readonly waiters: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  constructor(child: ChildProcess) {
    let rest = '';
    const take = (chunk: Buffer) => {
      rest += chunk.toString('utf8');
      const parts = rest.split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        this.lines.push(line);
        for (const w of [...this.waiters]) {
          if (w.test(line)) {
            this.waiters.splice(this.waiters.indexOf(w), 1);
            w.resolve(line);
          }
        }
      }
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
  }
  waitFor(test: (line: string) => boolean): Promise<string> {
    const seen = this.lines.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }
  text(): string {
    return this.lines.join('\n');
  }
}

function request(
  port: number,
  agent: http.Agent,
  method: 'GET' | 'POST',
  urlPath: string,
  form?: Record<string, string>,
  token?: string,
): Promise<Answer> {
  const body = form ? new URLSearchParams(form).toString() : '';
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent,
        headers: {
          'accept-language': 'en-US',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(token ? { 'access-token': token } : {}),
        },
      },
      (res) => readAnswer(res).then(resolve, reject),
    );
    req.on('error', reject);
    req.end(body);
  });
}

function readAnswer(res: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('error', reject);
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) });
    });
  });
}

const orderPath = '/ipcg-api/coin/order/add';
const orderForm = (requestId: string) => ({
  symbol: 'btcusdt',
  side: 'buy',
  type: 'market',
  quantity: '0.0001',
  requestId,
});

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('a clean stop', () => {
  it('answers every request of a burst of orders cut by SIGTERM, keeps every order answered, and exits 0', async () => {
    // The server's database: a fresh PostgreSQL one, or a copy of the run's migrated PGlite data directory;
    // in it an investor with 100,000 USDT, made through the API of an app in this process.
    const databaseUrl = process.env.DATABASE_URL ?? '';
    const dataDir = await mkdtemp(path.join(tmpdir(), 'piazza-stop-'));
    const pg = databaseUrl ? await freshDatabase() : undefined;
    if (!pg) await copyMigratedPglite(path.join(dataDir, 'pglite'));
    const setupDb = pg ?? (await openPglite({ dataDir: path.join(dataDir, 'pglite') }));
    const setup = await buildApp({
      config: loadConfig({ DEMO_MODE: '1', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv),
      db: setupDb,
      logger: false,
      seedDemo: false,
    });
    const account = `stop-${newRequestId()}@piazza.test`;
    const investor = await registerInvestor(setup, account);
    await credit(
      { app: setup, db: setupDb, config: setup.services.config, close: async () => {} },
      investor.user.id,
      'USDT',
      100_000_000_000n,
    );
    const token = investor.token;
    await setup.close();
    if (!pg) await setupDb.close();

    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: pg?.url ?? '',
        DEMO_MODE: '0',
        SECRET_KEY: randomBytes(32).toString('base64'),
        LOG_LEVEL: 'info',
        STOP_DRAIN_MS: '60000',
      },
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const log = new ServerLog(child);
    const agents: http.Agent[] = [];
    cleanup = async () => {
      for (const a of agents) a.destroy();
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await pg?.drop();
      await rm(dataDir, { recursive: true, force: true });
    };
    const agentOf = (maxSockets: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets });
      agents.push(agent);
      return agent;
    };

    const listening = await Promise.race([
      log.waitFor((l) => l.includes('Server listening at http://127.0.0.1:')),
      exited.then((code) => {
        throw new Error(`the server exited with ${code} before listening:\n${log.text()}`);
      }),
    ]);
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(listening)?.[1]);

    // One kept-alive socket per order, opened and answered before the burst, so every order is on its way
    // at once and no connection is left in the listener's backlog when it closes.
    const burstAgent = agentOf(burstSize);
    await Promise.all(Array.from({ length: burstSize }, () => request(port, burstAgent, 'GET', '/healthz')));

    // An order the server holds when the signal comes: its headers are in (the server answered 100 Continue)
    // and its body is not, so the drain must wait for it.
    const heldId = newRequestId();
    const heldBody = new URLSearchParams(orderForm(heldId)).toString();
    const held = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: orderPath,
      agent: agentOf(1),
      headers: {
        'accept-language': 'en-US',
        'access-token': token,
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(Buffer.byteLength(heldBody)),
        expect: '100-continue',
      },
    });
    const heldAnswer = new Promise<Answer>((resolve, reject) => {
      held.on('response', (res) => readAnswer(res).then(resolve, reject));
      held.on('error', reject);
    });
    await new Promise<void>((resolve) => held.once('continue', resolve));
    held.write(heldBody.slice(0, 10));

    // The burst; the signal goes when a quarter of it is answered.
    const ids = Array.from({ length: burstSize }, () => newRequestId());
    let answered = 0;
    let quarter: () => void = () => {};
    const quarterAnswered = new Promise<void>((resolve) => {
      quarter = resolve;
    });
    const outcomes = ids.map((id) =>
      request(port, burstAgent, 'POST', orderPath, orderForm(id), token).then(
        (answer) => {
          if (++answered >= burstSize / 4) quarter();
          return { id, answer, error: undefined };
        },
        (error: NodeJS.ErrnoException) => ({ id, answer: undefined, error }),
      ),
    );
    await quarterAnswered;
    // A kept-alive socket left idle (opened now, well within the server's keep-alive timeout), for a request
    // that arrives during the drain.
    const idleAgent = agentOf(1);
    expect((await request(port, idleAgent, 'GET', '/healthz')).status).toBe(200);
    child.kill('SIGTERM');
    await log.waitFor((l) => l.includes('stopping: draining requests'));

    // A new request on a kept-alive socket during the drain is refused, in words the app shows, and done nothing.
    const lateId = newRequestId();
    const late = await request(port, idleAgent, 'POST', orderPath, orderForm(lateId), token);
    expect(late.status).toBe(503);
    expect(late.headers.connection).toBe('close');
    expect(late.headers['retry-after']).toBe('5');
    expect(late.body).toEqual({
      code: 503,
      msg: 'The server is restarting, please try again in a few seconds',
      data: null,
    });

    // Every order of the burst was answered: placed, or refused with 503; none was cut.
    const results = await Promise.all(outcomes);
    expect(
      results.filter((r) => r.error).map((r) => `${r.id}: ${r.error?.code ?? r.error?.message}`),
    ).toEqual([]);
    const placed = results.filter((r) => r.answer?.status === 200);
    const refused = results.filter((r) => r.answer?.status === 503);
    expect(placed.length + refused.length).toBe(burstSize);
    for (const r of placed) expect(r.answer?.body.code).toBe(0);

    // The held order's body arrives during the drain: it was in flight, so it is placed.
    held.end(heldBody.slice(10));
    const heldResult = await heldAnswer;
    expect(heldResult.status).toBe(200);
    expect(heldResult.body.code).toBe(0);
    expect(heldResult.headers.connection).toBe('close');

    expect(await exited).toBe(0);
    expect(log.text()).not.toContain('requests cut by the bound');

    // After the stop: exactly the orders answered are in the database, and the ledger holds.
    const db = pg ?? (await openPglite({ dataDir: path.join(dataDir, 'pglite') }));
    try {
      const rows = await db.query<{ id: bigint }>('select id from stock_orders where user_id = $1', [
        investor.user.id,
      ]);
      const stored = new Set(rows.map((r) => String(r.id)));
      const answeredIds = [...placed.map((r) => r.answer?.body.data?.id), heldResult.body.data?.id].map(
        String,
      );
      expect(new Set(answeredIds)).toEqual(stored);
      registerModuleLedgerChecks();
      expect(await verifyLedger(db)).toEqual([]);
    } finally {
      if (!pg) await db.close();
    }
  }, 180_000);
});
