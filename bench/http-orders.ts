/*
 * Orders per second through the full HTTP API on PostgreSQL (issue 6), next to pgbench's TPC-B on the same
 * server in the same run. One Piazza server (the whole app: session lookup, strict input, transaction
 * password guard, idempotency key, order rules, the book walked, every fill and fee posted to the ledger in
 * the order's transaction) listening on a loopback port, with its own freshly migrated database, created
 * and dropped by this script; many funded investors; concurrent clients each sending market orders over
 * HTTP as the app does (form-encoded POST, access-token header, a fresh requestId each).
 *
 * Scenarios are a list: each prepares its investors before the clock starts and answers a plan of what the
 * clients send (plain data: the clients run in a process of their own, bench/load-clients.ts, forked here, so
 * the server's thread is not shared with them), so another product's orders (contracts, coins) are one more
 * entry in `scenarios` (or pass your own list to `runBench`).
 *
 * The stock scenario runs three ways: investors without a transaction password; investors with one, sent
 * with every order, the session unlocked by the first full check (decision 066); and the same with the
 * unlock turned off, so every order pays argon2 (the A/B of decision 066).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/http-orders.ts [seconds] [clients] [rounds]
 *
 * Defaults: 10 seconds, 16 clients, 64 investors, the server's default pool of 10 connections, 1 round
 * (with more, each figure is the median of the rounds, pgbench included, run one after the other).
 *
 * Options (issue 18 item 5, for `npm run bench`): `--json` prints the medians as one JSON object on stdout
 * (the progress lines go to stderr); `--only nopin,pin,argon2` runs some of the three scenarios; `--pglite`
 * runs them on the embedded PGlite in a temporary directory, as `npm start` keeps its data, without
 * pgbench and without DATABASE_URL. Without pgbench on the PATH the orders are measured and its tps is null.
 */

import { execFile, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { App } from '../apps/server/src/app';
import type { Db } from '../apps/server/src/db/db';
import type { LoadJob, LoadPlan, LoadResult } from './load-clients';

const run = promisify(execFile);

export interface Investor {
  id: number;
  token: string;
  /** Sent with each of the investor's orders: the transaction password, when they have one. */
  params: Record<string, string>;
}

/** What a scenario is given: the listening server, its database and how to call it. */
export interface BenchContext {
  app: App;
  db: Db;
  baseUrl: string;
  /** Makes `count` investors, signed in, each with `euros` (minor units) in spot, and a transaction password if given. */
  investors(count: number, euros: bigint, opts?: { tradePassword?: string }): Promise<Investor[]>;
  /** POSTs a call as the app does; answers the envelope's code (0 is done, -1001 a refusal). */
  post(path: string, token: string, params: Record<string, string>): Promise<number>;
}

export interface Scenario {
  name: string;
  /** Sets up before the clock starts; answers what the clients send. */
  prepare(ctx: BenchContext, clients: number): Promise<LoadPlan>;
}

/**
 * Stock market orders: each client alternates four market buys and four market sells of one ENI.MI share.
 * With `tradePassword` the investors have one and send it with every order; `unlock: false` turns decision
 * 066's unlock off, so each order checks it with argon2.
 */
export function stockMarketScenario(
  name: string,
  opts: { tradePassword?: string; unlock?: boolean } = {},
): Scenario {
  return {
    name,
    async prepare(ctx, clients) {
      const { tradeUnlocksOf } = await import('../apps/server/src/modules/security/trade-unlock');
      tradeUnlocksOf(ctx.app.services).enabled = opts.unlock ?? true;
      const investors = await ctx.investors(clients * 4, 10_000_000n, opts); // €100,000.00 each
      // 100 settled shares each, so a sale never waits for T+2: bought now, settled by the engine at once.
      for (const who of investors) {
        const code = await ctx.post('/stock/order/buy', who.token, {
          symbol: 'ENI.MI',
          type: 'market',
          quantity: '100',
          ...who.params,
        });
        if (code !== 0) throw new Error(`could not seed shares (code ${code})`);
      }
      const { spotEngineOf } = await import('../apps/server/src/modules/trading/routes');
      const engine = spotEngineOf(ctx.app.services);
      while ((await engine?.settleDue(Date.UTC(2030, 0, 1))) ?? 0) {}
      const order = { symbol: 'ENI.MI', type: 'market', quantity: '1' };
      return {
        investors: investors.map(({ token, params }) => ({ token, params })),
        steps: [
          ...Array.from({ length: 4 }, () => ({ path: '/stock/order/buy', params: order })),
          ...Array.from({ length: 4 }, () => ({ path: '/stock/order/sell', params: order })),
        ],
      };
    },
  };
}

const benchTradePassword = '135790';

export const stockMarketOrders = stockMarketScenario('stock market orders, no transaction password');
export const stockMarketOrdersUnlocked = stockMarketScenario(
  'stock market orders, transaction password, session unlocked (decision 066)',
  { tradePassword: benchTradePassword },
);
export const stockMarketOrdersArgon2Each = stockMarketScenario(
  'stock market orders, transaction password, argon2 on every order',
  { tradePassword: benchTradePassword, unlock: false },
);

export const scenarios: Scenario[] = [
  stockMarketOrders,
  stockMarketOrdersUnlocked,
  stockMarketOrdersArgon2Each,
];

/** The scenarios' short names, for `--only` and the JSON output. */
export const scenarioKeys: Record<string, Scenario> = {
  nopin: stockMarketOrders,
  pin: stockMarketOrdersUnlocked,
  argon2: stockMarketOrdersArgon2Each,
};

/** Runs the clients in a process of their own; answers what they measured. */
export function runClientsProcess(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load-clients.ts', import.meta.url).pathname, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answered = false;
    child.once('message', (m: { result?: LoadResult; error?: string }) => {
      answered = true;
      if (m.result) resolve(m.result);
      else reject(new Error(`load clients: ${m.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`load clients exited with ${code} before answering`));
    });
    child.send(job);
  });
}

export interface Result extends LoadResult {
  name: string;
  perSecond: number;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs each scenario against its own server and database; answers what each measured. */
export async function runBench(
  list: Scenario[],
  opts: {
    /** A PostgreSQL server, on which each scenario gets a database of its own; without, PGlite on disk. */
    databaseUrl?: string;
    seconds: number;
    clients: number;
    poolMax?: number;
    /** Wraps the server's database, e.g. to count and time its queries. */
    observe?: (db: Db) => Db;
  },
): Promise<Result[]> {
  const { openPostgres } = await import('../apps/server/src/db/postgres');
  const { openPglite } = await import('../apps/server/src/db/pglite');
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { shiftedClock } = await import('../apps/server/src/services');
  const { postEntry } = await import('../apps/server/src/ledger/post');
  const { hashToken, newToken } = await import('../apps/server/src/http/tokens');
  const { hashPassword } = await import('../apps/server/src/platform/passwords');

  const results: Result[] = [];
  for (const scenario of list) {
    const name = `piazza_bench_${randomBytes(4).toString('hex')}`;
    const serverUrl = opts.databaseUrl;
    let pool: Db;
    let drop: () => Promise<void>;
    if (serverUrl) {
      const admin = await openPostgres(serverUrl, 1);
      await admin.query(`create database ${name}`);
      pool = await openPostgres(withDatabase(serverUrl, name), opts.poolMax ?? 10);
      drop = async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.close();
      };
    } else {
      // The embedded default: PGlite in a data directory, as `npm start` keeps it.
      const dataDir = await mkdtemp(path.join(tmpdir(), 'piazza-bench-'));
      pool = await openPglite({ dataDir });
      drop = () => rm(dataDir, { recursive: true, force: true });
    }
    const db = opts.observe ? opts.observe(pool) : pool;
    let app: App | undefined;
    try {
      const config = loadConfig({ DEMO_MODE: '0', LOG_LEVEL: 'warn' } as NodeJS.ProcessEnv);
      // Monday 23 November 2026, 10:30 in Milan, running from there: Borsa Italiana is in session.
      const clock = shiftedClock(Date.UTC(2026, 10, 23, 9, 30));
      app = await buildApp({ config, db, clock, logger: false, seedDemo: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/ipcg-api`;
      const ctx: BenchContext = {
        app,
        db,
        baseUrl,
        async investors(count, euros, investorOpts = {}) {
          const { tradePassword } = investorOpts;
          // One argon2 hash for all: each investor's row holds the same hash, checked for each of them alike.
          const pinHash = tradePassword === undefined ? undefined : await hashPassword(tradePassword);
          const made: Investor[] = [];
          for (let i = 0; i < count; i++) {
            const account = `bench-${randomBytes(5).toString('hex')}@piazza.test`;
            const [row] = await db.query<{ id: number }>(
              `insert into users (account, account_type, email, password_hash, invite_code)
               values ($1, 'email', $1, 'not-a-hash', $2) returning id`,
              [account, randomBytes(4).toString('hex')],
            );
            const id = (row as { id: number }).id;
            const token = newToken();
            await db.query('insert into sessions (user_id, token_hash) values ($1, $2)', [
              id,
              hashToken(token),
            ]);
            await db.tx((q) =>
              postEntry(q, {
                billType: 'platform_reward',
                actor: { type: 'system' },
                idempotencyKey: `bench:${account}`,
                postings: [
                  {
                    account: { ownerType: 'platform', ownerId: 0, purpose: 'rewards', asset: 'EUR' },
                    amount: -euros,
                  },
                  {
                    account: { ownerType: 'user', ownerId: id, purpose: 'spot', asset: 'EUR' },
                    amount: euros,
                  },
                ],
              }),
            );
            if (pinHash !== undefined) {
              await db.query(
                `insert into user_pins (user_id, kind, pin_hash, updated_at) values ($1, 'trade', $2, now())`,
                [id, pinHash],
              );
            }
            made.push({ id, token, params: tradePassword === undefined ? {} : { tradePassword } });
          }
          return made;
        },
        async post(path, token, params) {
          const body = new URLSearchParams({
            ...params,
            requestId: `bench-${randomBytes(8).toString('hex')}`,
          });
          const res = await fetch(baseUrl + path, {
            method: 'POST',
            headers: { 'access-token': token, 'content-type': 'application/x-www-form-urlencoded' },
            body: body.toString(),
          });
          const envelope = (await res.json()) as { code: number; msg: string };
          if (envelope.code !== 0 && envelope.code !== -1001) throw new Error(`${path}: ${envelope.msg}`);
          return envelope.code;
        },
      };
      const plan = await scenario.prepare(ctx, opts.clients);
      const measured = await runClientsProcess({
        baseUrl,
        plan,
        clients: opts.clients,
        seconds: opts.seconds,
      });
      results.push({ name: scenario.name, ...measured, perSecond: measured.ok / measured.seconds });
    } finally {
      await app?.close();
      await pool.close();
      await drop();
    }
  }
  return results;
}

/** pgbench's TPC-B-like run on a scratch database of the same server: transactions per second. */
export async function pgbenchTps(databaseUrl: string, seconds: number, clients: number): Promise<number> {
  const { openPostgres } = await import('../apps/server/src/db/postgres');
  const name = `piazza_pgbench_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(databaseUrl, 1);
  await admin.query(`create database ${name}`);
  try {
    const url = withDatabase(databaseUrl, name);
    await run('pgbench', ['-i', '-q', '-s', '10', url]);
    const { stdout } = await run('pgbench', [
      '-n',
      '-T',
      String(seconds),
      '-c',
      String(clients),
      '-j',
      '2',
      url,
    ]);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return Number(tps[1]);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.close();
  }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** Whether pgbench is on the PATH (Debian's postgresql-client). */
export async function hasPgbench(): Promise<boolean> {
  try {
    await run('pgbench', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** What `--json` prints: each scenario's medians, and pgbench's (null when it did not run). */
export interface OrdersJson {
  database: 'postgresql' | 'pglite';
  seconds: number;
  clients: number;
  rounds: number;
  pgbenchTps: number | null;
  pgbenchMissing: boolean;
  scenarios: Record<
    string,
    { name: string; perSecond: number; p50Ms: number; p99Ms: number; refused: number }
  >;
  load: { before: number[]; after: number[] };
}

async function main() {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const pglite = args.includes('--pglite');
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',') : Object.keys(scenarioKeys);
  const numbers = args.filter((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--only');
  const databaseUrl = pglite ? undefined : process.env.DATABASE_URL;
  if (!pglite && !databaseUrl)
    throw new Error(
      'set DATABASE_URL to a PostgreSQL server (its databases are created here), or pass --pglite',
    );
  const seconds = Number(numbers[0] ?? 10);
  const clients = Number(numbers[1] ?? 16);
  const rounds = Number(numbers[2] ?? 1);
  const list = only.map((key) => {
    const scenario = scenarioKeys[key];
    if (!scenario) throw new Error(`--only: no scenario ${key} (${Object.keys(scenarioKeys).join(', ')})`);
    return scenario;
  });
  const withPgbench = !pglite && (await hasPgbench());
  // With --json the progress goes to stderr, so stdout is the one JSON object.
  const say = (line: string) => (json ? console.error(line) : console.log(line));
  const { loadavg } = await import('node:os');
  const loadBefore = loadavg();
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  say(
    `${seconds} s per run, ${clients} concurrent clients in their own process, ` +
      `${pglite ? 'PGlite in a temporary directory' : 'server pool 10 connections'}, ` +
      `${rounds} round(s); load average at the start ${load()}`,
  );
  if (!pglite && !withPgbench) say('pgbench is not on the PATH (postgresql-client): orders only');
  const perScenario = new Map<string, Result[]>();
  const tpsRuns: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const r of await runBench(list, { ...(databaseUrl ? { databaseUrl } : {}), seconds, clients })) {
      perScenario.set(r.name, [...(perScenario.get(r.name) ?? []), r]);
      say(
        `  round ${round}: ${r.name}: ${r.ok} done, ${r.refused} refused in ${r.seconds.toFixed(1)} s = ` +
          `${r.perSecond.toFixed(0)} orders/s; p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms` +
          (r.firstRefusal ? `; first refusal: ${r.firstRefusal}` : ''),
      );
    }
    if (databaseUrl && withPgbench) {
      const tps = await pgbenchTps(databaseUrl, seconds, clients);
      tpsRuns.push(tps);
      say(
        `  round ${round}: pgbench TPC-B (scale 10, ${clients} clients): ${tps.toFixed(0)} tps; load ${load()}`,
      );
    }
  }
  const tps = tpsRuns.length > 0 ? median(tpsRuns) : null;
  if (tps !== null) say(`median of ${rounds}: pgbench TPC-B ${tps.toFixed(0)} tps`);
  const medians = new Map<string, number>();
  const out: OrdersJson['scenarios'] = {};
  for (const [name, runs] of perScenario) {
    const perSecond = median(runs.map((r) => r.perSecond));
    medians.set(name, perSecond);
    const key = Object.keys(scenarioKeys).find((k) => scenarioKeys[k]?.name === name) ?? name;
    out[key] = {
      name,
      perSecond,
      p50Ms: median(runs.map((r) => r.p50Ms)),
      p99Ms: median(runs.map((r) => r.p99Ms)),
      refused: runs.reduce((n, r) => n + r.refused, 0),
    };
    say(
      `${name}: ${perSecond.toFixed(0)} orders/s, p50 ${median(runs.map((r) => r.p50Ms)).toFixed(1)} ms, ` +
        `p99 ${median(runs.map((r) => r.p99Ms)).toFixed(1)} ms` +
        (tps !== null ? `; ${(perSecond / tps).toFixed(3)} of pgbench's tps` : ''),
    );
  }
  const unlocked = medians.get(stockMarketOrdersUnlocked.name);
  const everyOrder = medians.get(stockMarketOrdersArgon2Each.name);
  if (unlocked && everyOrder) {
    say(`unlock on / argon2 on every order: ${(unlocked / everyOrder).toFixed(2)}×`);
  }
  say(`load average at the end ${load()}`);
  if (json) {
    const result: OrdersJson = {
      database: pglite ? 'pglite' : 'postgresql',
      seconds,
      clients,
      rounds,
      pgbenchTps: tps,
      pgbenchMissing: !pglite && !withPgbench,
      scenarios: out,
      load: { before: loadBefore, after: loadavg() },
    };
    console.log(JSON.stringify(result));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
