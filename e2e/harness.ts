import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/*
 * Each journey file runs the real built server (the same bundle `npm start` serves) on a free port with a
 * data directory of its own, in demo mode, and drives Debian's Chromium at a phone's viewport.
 *
 * The server keeps its data in PGlite inside that directory, unless E2E_DATABASE_URL names a PostgreSQL
 * server: then each journey gets a fresh database of its own there (piazza_e2e_<name>_<random>), the ledger
 * is verified on it once the server has stopped (close() throws on a breach) and it is dropped.
 */

const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const phone = { width: 390, height: 844 };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Journey {
  baseUrl: string;
  dataDir: string;
  browser: Browser;
  /**
   * A fresh browser context (its own storage) at 390×844, with a page in it. Service workers are blocked, so
   * no journey runs against a cached shell; `serviceWorker: true` lets the app's worker run (decision 040).
   */
  newPage(opts?: {
    locale?: string;
    serviceWorker?: boolean;
  }): Promise<{ context: BrowserContext; page: Page }>;
  /** The latest verification code the demo outbox holds for an account. */
  outboxCode(account: string, areaCode?: string): Promise<string>;
  api<T = unknown>(
    method: 'GET' | 'POST',
    apiPath: string,
    params?: Record<string, string>,
    token?: string,
  ): Promise<{ code: number; msg: string; data: T }>;
  /**
   * Stops the server and starts it again on the same port and data, with `env` added to the journey's (a later
   * DEMO_CLOCK_START moves the demo clock on: what the jobs do over days happens at the next start).
   */
  restart(env?: Record<string, string>): Promise<void>;
  /** 'pglite', or 'postgres' when E2E_DATABASE_URL is set. */
  database: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The same server, another database: `postgres://u@h:5432/postgres` → `postgres://u@h:5432/<name>`. */
function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onAdmin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `npm run ledger:verify` against a database; answers its exit code and what it printed. */
async function verifyLedgerAt(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const cli = path.join(root, 'apps/server/src/ledger/verify-cli.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', cli], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 2)));
  return { code, output };
}

const serverBundle = path.join(root, 'apps/server/dist/main.js');

/**
 * A first start of the server on an empty data directory (a new embedded database, every migration, the demo
 * seed) takes 15–50 s; a start on a seeded one takes a few. So the first journey with a given set of settings
 * seeds a template — the server started and stopped once on it — and every journey with the same settings
 * starts on a copy (decision 062). The template is named by the settings and by the server bundle it was
 * seeded with, so a rebuilt server seeds afresh; two journeys wanting the same template wait for one to seed it.
 *
 * A demo clock runs from its start while the server runs: the copy's clock starts where the template's stopped,
 * so nothing the seed recorded lies in the journey's future.
 */
async function seededCopy(
  base: string,
  env: Record<string, string>,
  dataDir: string,
  seed: (dir: string) => Promise<void>,
): Promise<{ clock: Record<string, string> } | null> {
  const bundle = statSync(serverBundle);
  const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);
  const build = hash(`${bundle.mtimeMs}:${bundle.size}`);
  const settings = hash(JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b))));
  const templates = `${base}-templates`;
  const template = path.join(templates, `${build}-${settings}`);
  const meta = path.join(template, 'seeded.json');
  await mkdir(templates, { recursive: true });
  // Templates of an older server bundle are of no more use.
  for (const old of await readdir(templates)) {
    if (!old.startsWith(build)) await rm(path.join(templates, old), { recursive: true, force: true });
  }

  if (!existsSync(meta)) {
    let mine = false;
    try {
      await mkdir(`${template}.lock`);
      mine = true;
    } catch {
      // Another journey is seeding it: wait for it (as long as a server start may take), then seed alone.
      const deadline = Date.now() + 150_000;
      while (!existsSync(meta) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    }
    if (!existsSync(meta)) {
      const building = `${template}.${process.pid}.${randomBytes(3).toString('hex')}`;
      const started = Date.now();
      await mkdir(path.join(building, 'data'), { recursive: true });
      await seed(path.join(building, 'data'));
      await writeFile(path.join(building, 'seeded.json'), JSON.stringify({ ranMs: Date.now() - started }));
      try {
        await rename(building, template);
      } catch {
        // Seeded twice: the other copy won; ours goes.
        await rm(building, { recursive: true, force: true });
      }
      if (mine) await rm(`${template}.lock`, { recursive: true, force: true });
    }
  }

  await rm(dataDir, { recursive: true, force: true });
  await cp(path.join(template, 'data'), dataDir, { recursive: true });
  const { ranMs } = JSON.parse(await readFile(meta, 'utf8')) as { ranMs: number };
  const start = env.DEMO_CLOCK_START;
  if (!start) return { clock: {} };
  return { clock: { DEMO_CLOCK_START: new Date(Date.parse(start) + ranMs).toISOString() } };
}

/** Starts the journey's own server; `env` adds settings (e.g. DEMO_CLOCK_START). */
export async function startJourney(name: string, env: Record<string, string> = {}): Promise<Journey> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium (see README)`);
  }
  const pgServer = process.env.E2E_DATABASE_URL ?? '';
  const base = process.env.E2E_DATA_DIR ?? path.join(root, '.tmp', 'e2e-data');
  // A PostgreSQL journey's directory holds no database: kept apart so the PGlite ledger:verify skips it.
  const dataDir = pgServer ? path.join(`${base}-pg`, name) : path.join(base, name);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  let databaseUrl = '';
  let dbName = '';
  if (pgServer) {
    dbName = `piazza_e2e_${name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
    await onAdmin(pgServer, `create database ${dbName}`);
    databaseUrl = withDatabase(pgServer, dbName);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const spawnServer = (extra: Record<string, string>, dir = dataDir): ChildProcess =>
    spawn(process.execPath, [serverBundle], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: '',
        DEMO_MODE: '1',
        LOG_LEVEL: 'warn',
        ...extra,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  const stopServer = async (proc: ChildProcess) => {
    if (proc.exitCode === null) {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
  };
  const untilReady = async (proc: ChildProcess) => {
    // A guard against a server that never starts, not a speed target: on a machine busy with other work a
    // first start (a new embedded database, migrations, the demo seed) took over a minute.
    const deadline = Date.now() + 150_000;
    const giveUp = async (why: string): Promise<never> => {
      await stopServer(proc);
      if (pgServer) await onAdmin(pgServer, `drop database if exists ${dbName} with (force)`);
      throw new Error(why);
    };
    for (;;) {
      if (proc.exitCode !== null) await giveUp(`server exited with ${proc.exitCode}`);
      try {
        const res = await fetch(`${baseUrl}/readyz`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) await giveUp('server did not become ready in 150 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  // On PGlite a journey starts from a copy of a data directory seeded once for its settings (decision 062).
  const seeded = pgServer
    ? null
    : await seededCopy(base, env, dataDir, async (dir) => {
        const proc = spawnServer(env, dir);
        await untilReady(proc);
        await stopServer(proc);
      });
  let server = spawnServer(seeded ? { ...env, ...seeded.clock } : env);
  await untilReady(server);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  // Every page of every context, the journey's own ones too, reports what the Content-Security-Policy
  // blocked (decision 031); close() fails the journey on any.
  const violations: string[] = [];
  const openContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    // Service workers are blocked unless a journey asks for them (newPage's serviceWorker).
    const context = await openContext({ serviceWorkers: 'block', ...options });
    await context.exposeBinding('__piazzaCspViolation', (_source, text: string) => {
      violations.push(text);
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __piazzaCspViolation: (text: string) => void })
          .__piazzaCspViolation;
        report(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} on ${location.pathname}`);
      });
    });
    return context;
  };

  const api: Journey['api'] = async (method, apiPath, params = {}, token) => {
    const headers: Record<string, string> = { 'accept-language': 'en-US' };
    if (token) headers['access-token'] = token;
    const query = new URLSearchParams(params).toString();
    const res =
      method === 'GET'
        ? await fetch(`${baseUrl}/ipcg-api${apiPath}?${query}`, { headers })
        : await fetch(`${baseUrl}/ipcg-api${apiPath}`, {
            method,
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            body: query,
          });
    return (await res.json()) as { code: number; msg: string; data: never };
  };

  return {
    baseUrl,
    dataDir,
    browser,
    async newPage(opts = {}) {
      const context = await browser.newContext({
        viewport: phone,
        locale: opts.locale ?? 'it-IT',
        baseURL: baseUrl,
        serviceWorkers: opts.serviceWorker ? 'allow' : 'block',
      });
      const page = await context.newPage();
      return { context, page };
    },
    async outboxCode(account, areaCode) {
      const params: Record<string, string> = { to: account };
      if (areaCode) params.areaCode = areaCode;
      const res = await api<{ list: { code: string }[] }>('GET', '/dev/outbox', params);
      const code = res.data?.list?.[0]?.code;
      if (!code) throw new Error(`no code in the outbox for ${account}: ${JSON.stringify(res)}`);
      return code;
    },
    api,
    database: pgServer ? 'postgres' : 'pglite',
    async restart(extra = {}) {
      await stopServer(server);
      server = spawnServer({ ...env, ...extra });
      await untilReady(server);
    },
    async close() {
      await browser.close();
      await stopServer(server);
      if (pgServer) {
        const verified = await verifyLedgerAt({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
        await onAdmin(pgServer, `drop database if exists ${dbName} with (force)`);
        if (verified.code !== 0) {
          throw new Error(`ledger:verify on ${name}: exit ${verified.code}\n${verified.output}`);
        }
        console.log(verified.output.trim().split('\n').at(-1));
      }
      if (violations.length > 0) {
        throw new Error(
          `Content-Security-Policy violations in ${name}:\n${[...new Set(violations)].join('\n')}`,
        );
      }
    },
  };
}
