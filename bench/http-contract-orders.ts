/*
 * Perpetual contract orders per second through the API (issue 7, decision 017): the whole server built as
 * `npm start` builds it, listening on a local port, and investors each opening a 2:1 long on ETHUSDT at market
 * and closing it, over HTTP with one connection each, for ten seconds. Every open and every close is one money
 * call: the idempotency key, the position row locked, the book walked, two or three ledger entries and their
 * balances, in one transaction. Beside it, on PostgreSQL, pgbench's TPC-B-like transactions on the same server
 * and the same number of clients: the database's own ceiling for small write transactions, for scale.
 *
 *   npx tsx bench/http-contract-orders.ts                      # PGlite in memory (one connection)
 *   CLIENTS=1 npx tsx bench/http-contract-orders.ts            # one investor: the latency of one order
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/http-contract-orders.ts
 *
 * On PostgreSQL it makes a database of its own and drops it at the end. Bounded: ten seconds of orders, ten
 * of pgbench.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/db';
import { openPglite } from '../apps/server/src/db/pglite';
import { openPostgres } from '../apps/server/src/db/postgres';
import { postEntry } from '../apps/server/src/ledger/post';
import { saveProfile } from '../apps/server/src/modules/kyc/profile';

const CLIENTS = Number(process.env.CLIENTS ?? 8);
const RUN_MS = 10_000;
const databaseUrl = process.env.DATABASE_URL ?? '';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function openDb(): Promise<{ db: Db; url: string | null; drop: () => Promise<void> }> {
  if (!databaseUrl) {
    const db = await openPglite({});
    return { db, url: null, drop: () => db.close() };
  }
  const name = `piazza_bench_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(databaseUrl, 1);
  await admin.query(`create database ${name}`);
  const url = withDatabase(databaseUrl, name);
  const db = await openPostgres(url, CLIENTS + 4);
  return {
    db,
    url,
    async drop() {
      await db.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

async function main() {
  const { db, url, drop } = await openDb();
  const config = loadConfig({ DEMO_MODE: '1', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  const app = await buildApp({ config, db, logger: false, seedDemo: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const post = async (path: string, params: Record<string, string>, token?: string) => {
    const res = await fetch(`${address}/ipcg-api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'en-US',
        ...(token ? { 'access-token': token } : {}),
      },
      body: new URLSearchParams(params).toString(),
    });
    return (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
  };

  // Investors registered through the API, with appropriateness answers and 100,000 USDT in the contract account.
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const account = `bench-${randomBytes(4).toString('hex')}@piazza.test`;
    await post('/common/code/send', { account, scene: 'register', areaCode: '+39' });
    const outbox = await fetch(`${address}/ipcg-api/dev/outbox?to=${encodeURIComponent(account)}`);
    const code = ((await outbox.json()) as { data: { list: { code: string }[] } }).data.list[0]?.code ?? '';
    const reg = await post('/user/register', {
      account,
      password: 'segreta1',
      confirmPassword: 'segreta1',
      code,
      areaCode: '+39',
      agree: '1',
    });
    if (reg.code !== 0) throw new Error(`register refused: ${reg.msg}`);
    const { token, user } = reg.data as { token: string; user: { id: number } };
    await saveProfile(
      db,
      user.id,
      {
        purpose: 'investment',
        fundSource: 'salary',
        incomeRange: '2',
        assetRange: '2',
        objective: 'growth',
        riskPreference: 'high',
        experience: 'informed',
      },
      new Date(),
    );
    await db.tx((q) =>
      postEntry(q, {
        billType: 'platform_reward',
        actor: { type: 'system' },
        idempotencyKey: `bench:${user.id}`,
        postings: [
          {
            account: { ownerType: 'platform', ownerId: 0, purpose: 'rewards', asset: 'USDT' },
            amount: -100_000_000_000n,
          },
          {
            account: { ownerType: 'user', ownerId: user.id, purpose: 'contract', asset: 'USDT' },
            amount: 100_000_000_000n,
          },
        ],
      }),
    );
    tokens.push(token);
  }

  let orders = 0;
  let refused = 0;
  const until = performance.now() + RUN_MS;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < until) {
        const opened = await post(
          '/coin/contract/add',
          {
            symbol: 'ETHUSDT',
            side: 'long',
            margin: '20',
            leverage: '2',
            requestId: randomBytes(8).toString('hex'),
          },
          token,
        );
        if (opened.code !== 0) {
          refused++;
          continue;
        }
        orders++;
        const closed = await post(
          '/coin/contract/close',
          { id: String(opened.data.id), requestId: randomBytes(8).toString('hex') },
          token,
        );
        if (closed.code === 0) orders++;
        else refused++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await app.close();
  console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)'}, ${CLIENTS} clients over HTTP`);
  console.log(
    `contract orders (open + close at market): ${orders} in ${seconds.toFixed(1)} s = ${Math.round(orders / seconds)} orders/s (${refused} refused)`,
  );

  if (url) {
    const init = spawnSync('pgbench', ['-i', '-s', '1', '-q', url], { encoding: 'utf8' });
    if (init.status !== 0) console.log(`pgbench -i failed: ${init.stderr.trim()}`);
    else {
      const run = spawnSync('pgbench', ['-c', String(CLIENTS), '-j', '2', '-T', String(RUN_MS / 1000), url], {
        encoding: 'utf8',
      });
      const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
      console.log(`pgbench TPC-B-like, same server, ${CLIENTS} clients: ${tps ?? '?'} transactions/s`);
    }
  } else {
    console.log('pgbench: set DATABASE_URL to compare with PostgreSQL');
  }
  await drop();
}

await main();
