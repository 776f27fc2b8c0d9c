/*
 * Orders per second through the full HTTP API on PostgreSQL (issue 6), next to pgbench's TPC-B on the same
 * server in the same run. One Piazza server (the whole app: session lookup, strict input, transaction
 * password guard, idempotency key, order rules, the book walked, every fill and fee posted to the ledger in
 * the order's transaction) listening on a loopback port, with its own freshly migrated database, created
 * and dropped by this script; many funded investors; concurrent clients each sending market orders over
 * HTTP as the app does (form-encoded POST, access-token header, a fresh requestId each).
 *
 * Scenarios are a list: each prepares its investors before the clock starts and says what one request is,
 * so another product's orders (contracts, coins) are one more entry in `scenarios` (or pass your own list
 * to `runBench`).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/http-orders.ts [seconds] [clients]
 *
 * Defaults: 10 seconds, 16 clients, 64 investors, the server's default pool of 10 connections.
 */

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { App } from '../apps/server/src/app';
import type { Db } from '../apps/server/src/db/db';

const run = promisify(execFile);

export interface Investor {
  id: number;
  token: string;
}

/** What a scenario is given: the listening server, its database and how to call it. */
export interface BenchContext {
  app: App;
  db: Db;
  baseUrl: string;
  /** Makes `count` investors, signed in, each with `euros` (minor units) in spot. */
  investors(count: number, euros: bigint): Promise<Investor[]>;
  /** POSTs a call as the app does; answers the envelope's code (0 is done, -1001 a refusal). */
  post(path: string, token: string, params: Record<string, string>): Promise<number>;
}

export interface Scenario {
  name: string;
  /** Sets up before the clock starts; answers the state the requests share. */
  prepare(ctx: BenchContext, clients: number): Promise<(client: number, n: number) => Promise<number>>;
}

/** Stock market orders: each client alternates a market buy and a market sell of one ENI.MI share. */
export const stockMarketOrders: Scenario = {
  name: 'stock market orders (/stock/order/buy and /sell, 1 ENI.MI each)',
  async prepare(ctx, clients) {
    const investors = await ctx.investors(clients * 4, 10_000_000n); // €100,000.00 each
    // 100 settled shares each, so a sale never waits for T+2: bought now, settled by the engine at once.
    for (const who of investors) {
      const code = await ctx.post('/stock/order/buy', who.token, {
        symbol: 'ENI.MI',
        type: 'market',
        quantity: '100',
      });
      if (code !== 0) throw new Error(`could not seed shares (code ${code})`);
    }
    const { spotEngineOf } = await import('../apps/server/src/modules/trading/routes');
    const engine = spotEngineOf(ctx.app.services);
    while ((await engine?.settleDue(Date.UTC(2030, 0, 1))) ?? 0) {}
    return (client, n) => {
      // Spread over the investors: a client's consecutive orders are of different people.
      const who = investors[(client + n * clients) % investors.length] as Investor;
      const side = Math.floor(n / 4) % 2 === 0 ? 'buy' : 'sell';
      return ctx.post(`/stock/order/${side}`, who.token, { symbol: 'ENI.MI', type: 'market', quantity: '1' });
    };
  },
};

export const scenarios: Scenario[] = [stockMarketOrders];

interface Result {
  name: string;
  ok: number;
  refused: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number);

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs each scenario against its own server and database; answers what each measured. */
export async function runBench(
  list: Scenario[],
  opts: {
    databaseUrl: string;
    seconds: number;
    clients: number;
    poolMax?: number;
    /** Wraps the server's database, e.g. to count and time its queries. */
    observe?: (db: Db) => Db;
  },
): Promise<Result[]> {
  const { openPostgres } = await import('../apps/server/src/db/postgres');
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { shiftedClock } = await import('../apps/server/src/services');
  const { postEntry } = await import('../apps/server/src/ledger/post');
  const { hashToken, newToken } = await import('../apps/server/src/http/tokens');

  const results: Result[] = [];
  for (const scenario of list) {
    const name = `piazza_bench_${randomBytes(4).toString('hex')}`;
    const admin = await openPostgres(opts.databaseUrl, 1);
    await admin.query(`create database ${name}`);
    const pool = await openPostgres(withDatabase(opts.databaseUrl, name), opts.poolMax ?? 10);
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
        async investors(count, euros) {
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
            made.push({ id, token });
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
      const request = await scenario.prepare(ctx, opts.clients);

      const latencies: number[] = [];
      let ok = 0;
      let refused = 0;
      const startedAt = performance.now();
      const endAt = startedAt + opts.seconds * 1000;
      await Promise.all(
        Array.from({ length: opts.clients }, async (_, client) => {
          for (let n = 0; performance.now() < endAt; n++) {
            const t0 = performance.now();
            const code = await request(client, n);
            latencies.push(performance.now() - t0);
            if (code === 0) ok++;
            else refused++;
          }
        }),
      );
      const seconds = (performance.now() - startedAt) / 1000;
      latencies.sort((a, b) => a - b);
      results.push({
        name: scenario.name,
        ok,
        refused,
        seconds,
        perSecond: ok / seconds,
        p50Ms: percentile(latencies, 0.5),
        p99Ms: percentile(latencies, 0.99),
      });
    } finally {
      await app?.close();
      await pool.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.close();
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

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    throw new Error('set DATABASE_URL to a PostgreSQL server (its databases are created here)');
  const seconds = Number(process.argv[2] ?? 10);
  const clients = Number(process.argv[3] ?? 16);
  console.log(`${seconds} s per run, ${clients} concurrent clients, server pool 10 connections`);
  const results = await runBench(scenarios, { databaseUrl, seconds, clients });
  const tps = await pgbenchTps(databaseUrl, seconds, clients);
  console.log(`pgbench TPC-B (scale 10, ${clients} clients): ${tps.toFixed(0)} tps`);
  for (const r of results) {
    console.log(
      `${r.name}: ${r.ok} done, ${r.refused} refused in ${r.seconds.toFixed(1)} s = ${r.perSecond.toFixed(0)} orders/s; ` +
        `latency p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms; ${(r.perSecond / tps).toFixed(3)} of pgbench's tps`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
