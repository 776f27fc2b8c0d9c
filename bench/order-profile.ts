/*
 * Where one stock market order's time goes (issue 7 item 4): the bench of http-orders.ts with the server's
 * database wrapped, counting every statement the server sends while the clients run and the time each kind
 * takes (from the call until the rows are back, so a statement waiting on a row lock counts its wait), and
 * the transactions' length from BEGIN to COMMIT. PostgreSQL only, like http-orders.ts.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/order-profile.ts [seconds] [clients] [pin]
 *
 * With `pin` as the third argument the investors have a transaction password, sent with every order and
 * unlocked per session after the first full check (decision 066), as real investors' orders are.
 *
 * `--json` (for `npm run bench`) prints the per-order counts as one JSON object on stdout, the rest on stderr.
 *
 * Defaults: 5 seconds, 1 client. Statements are grouped by their text with the parameters left out, so the
 * per-order count is exact for the order path; the engine loop and the feed publisher, which run as in
 * production, add their own few statements a second, listed like the rest (divided by the orders too).
 */

import type { Db, Queryable } from '../apps/server/src/db/db';
import { runBench, type Scenario, stockMarketOrders, stockMarketOrdersUnlocked } from './http-orders';

interface Tally {
  count: number;
  ms: number;
  inTx: number;
}

const tallies = new Map<string, Tally>();
let counting = false;
let txCount = 0;
let txMs = 0;

const label = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 110);

function note(sql: string, ms: number, inTx: boolean) {
  if (!counting) return;
  const key = label(sql);
  const t = tallies.get(key) ?? { count: 0, ms: 0, inTx: 0 };
  t.count++;
  t.ms += ms;
  if (inTx) t.inTx++;
  tallies.set(key, t);
}

function timed(q: Queryable, inTx: boolean): Queryable {
  return {
    async query(sql, params) {
      const t0 = performance.now();
      try {
        return await q.query(sql, params);
      } finally {
        note(sql, performance.now() - t0, inTx);
      }
    },
    exec: (sql) => q.exec(sql),
    // Passed on, so the ledger defers the platform's balances as it does unwrapped (decision 020).
    ...(q.beforeCommit ? { beforeCommit: q.beforeCommit.bind(q) } : {}),
  } as Queryable;
}

function observe(db: Db): Db {
  const outside = timed(db, false);
  return {
    kind: db.kind,
    query: outside.query.bind(outside),
    exec: outside.exec.bind(outside),
    async tx(fn) {
      const t0 = performance.now();
      try {
        return await db.tx((q) => fn(timed(q, true)));
      } finally {
        if (counting) {
          txCount++;
          txMs += performance.now() - t0;
        }
      }
    },
    close: () => db.close(),
  };
}

const json = process.argv.includes('--json');
const positional = process.argv.slice(2).filter((a) => a !== '--json');
const profiled = positional[2] === 'pin' ? stockMarketOrdersUnlocked : stockMarketOrders;
/** The human report; on stderr with --json, so stdout is the JSON alone. */
const say = (line: string) => (json ? console.error(line) : console.log(line));

/** The stock scenario, counting only once its investors are ready. */
const counted: Scenario = {
  name: profiled.name,
  async prepare(ctx, clients) {
    const request = await profiled.prepare(ctx, clients);
    tallies.clear();
    counting = true;
    return request;
  },
};

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('set DATABASE_URL to a PostgreSQL server');
  const seconds = Number(positional[0] ?? 5);
  const clients = Number(positional[1] ?? 1);
  const [r] = await runBench([counted], { databaseUrl, seconds, clients, observe });
  counting = false;
  if (!r) return;
  const orders = r.ok + r.refused;
  say(
    `${orders} orders (${r.refused} refused) in ${r.seconds.toFixed(1)} s = ${r.perSecond.toFixed(0)}/s with ${clients} client(s); ` +
      `p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms`,
  );
  let total = 0;
  let totalMs = 0;
  let totalInTx = 0;
  for (const t of tallies.values()) {
    total += t.count;
    totalMs += t.ms;
    totalInTx += t.inTx;
  }
  say(
    `statements per order: ${(total / orders).toFixed(1)} (${(totalInTx / orders).toFixed(1)} inside a transaction, ` +
      `plus BEGIN and COMMIT); ${(totalMs / orders).toFixed(2)} ms of statements per order`,
  );
  say(
    `transactions: ${txCount} (${(txCount / orders).toFixed(2)} per order), ${(txMs / Math.max(txCount, 1)).toFixed(2)} ms each from BEGIN to COMMIT`,
  );
  if (json) {
    console.log(
      JSON.stringify({
        scenario: profiled.name,
        orders,
        perSecond: r.perSecond,
        statementsPerOrder: total / orders,
        insideTransactionPerOrder: totalInTx / orders,
        transactionsPerOrder: txCount / orders,
        // The bench runs on a shifted clock; each transaction sets it, which production does not do.
        benchClockPerOrder:
          [...tallies].filter(([sql]) => sql.includes('piazza.now')).reduce((n, [, t]) => n + t.count, 0) /
          orders,
      }),
    );
  }
  say('per order   ms each   in tx   statement');
  for (const [sql, t] of [...tallies].sort(([, a], [, b]) => b.count - a.count || b.ms - a.ms)) {
    say(
      `${(t.count / orders).toFixed(2).padStart(9)} ${(t.ms / t.count).toFixed(2).padStart(9)} ${String(t.inTx > 0 ? 'yes' : 'no').padStart(7)}   ${sql}`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
