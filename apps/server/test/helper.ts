import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { createMemoryBus } from '../src/market/bus-memory';
import type { MarketService } from '../src/market/market-service';
import type { Clock } from '../src/services';
import { withDatabase } from './global-setup';

/** A fresh, migrated database of its own: PostgreSQL when DATABASE_URL is set, else PGlite. */
export async function freshDatabase(): Promise<Db & { drop(): Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL ?? '';
  if (databaseUrl) {
    const name = `piazza_t_${randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(databaseUrl, 1);
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    const db = await openPostgres(withDatabase(databaseUrl, name), 20);
    return Object.assign(db, {
      async drop() {
        await db.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.close();
      },
    });
  }
  const dir = await mkdtemp(`${inject('pgliteTemplate')}-copy-`);
  await copyMigratedPglite(dir);
  const db = await openPglite({ dataDir: dir });
  return Object.assign(db, {
    async drop() {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  });
}

const run = promisify(execFile);

/**
 * A data directory's ~1,500 files copied: by coreutils' cp where there is one (a tenth of the CPU node's
 * recursive copy spends on a stat and a chmod per file), else by node.
 */
async function copyDirectory(from: string, to: string): Promise<void> {
  if (process.platform === 'linux') {
    await mkdir(to, { recursive: true });
    await run('cp', ['-a', `${from}/.`, to]);
    return;
  }
  await cp(from, to, { recursive: true });
}

/** The run's migrated PGlite data directory copied to `dir` (which may exist, empty), for a server to open. */
export async function copyMigratedPglite(dir: string): Promise<void> {
  await copyDirectory(inject('pgliteTemplate'), dir);
}

/** A clock that only moves when told to. */
export class TestClock implements Clock {
  constructor(public ms = Date.UTC(2026, 10, 23, 10, 0, 0)) {}
  now() {
    return this.ms;
  }
  advance(ms: number) {
    this.ms += ms;
  }
}

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/**
 * The whole server on a fresh database, driven through app.inject. Demo mode is on (outbox notifier) unless
 * `env` says otherwise; the demo seed runs only when `seed` is true; the market is the simulator on the
 * test's clock unless `market` is given.
 */
export async function createTestApp(
  opts: { env?: Record<string, string>; clock?: Clock; seed?: boolean; market?: MarketService } = {},
): Promise<TestApp> {
  const db = await freshDatabase();
  const config = loadConfig({ DEMO_MODE: '1', LOG_LEVEL: 'silent', ...opts.env } as NodeJS.ProcessEnv);
  const app = await buildApp({
    config,
    db,
    clock: opts.clock,
    logger: false,
    seedDemo: opts.seed ?? false,
    market: opts.market,
  });
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/**
 * Two servers on one fresh database and one in-process bus, as two hosts behind a balancer: each on a clock
 * object of its own, so what they cache (sessions, login info) is per server.
 */
export async function twoInstances(): Promise<{ a: App; b: App; db: Db; close(): Promise<void> }> {
  const db = await freshDatabase();
  const bus = createMemoryBus();
  const config = loadConfig({ DEMO_MODE: '1', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  const start = () => buildApp({ config, db, bus, clock: new TestClock(), logger: false, seedDemo: false });
  const a = await start();
  const b = await start();
  return {
    a,
    b,
    db,
    async close() {
      await a.close();
      await b.close();
      await bus.close();
      await db.drop();
    },
  };
}

type Params = Record<string, string | number | boolean | undefined>;

/** Calls the API as the app does: form-encoded POST or query-string GET, with token and language. */
export async function call<T = unknown>(
  app: App,
  method: 'GET' | 'POST',
  path: string,
  params: Params = {},
  opts: { token?: string; lang?: string; json?: boolean } = {},
): Promise<{ code: number; msg: string; data: T; status: number }> {
  const clean = Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en-US' };
  if (opts.token) headers['access-token'] = opts.token;
  const url = `/ipcg-api${path}`;
  const res =
    method === 'GET'
      ? await app.inject({ method, url, query: clean, headers })
      : opts.json
        ? await app.inject({ method, url, payload: params, headers })
        : await app.inject({
            method,
            url,
            payload: new URLSearchParams(clean).toString(),
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          });
  const body = res.json() as { code: number; msg: string; data: T };
  return { ...body, status: res.statusCode };
}
