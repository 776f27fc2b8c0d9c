import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db, Queryable } from '../db/db';

/*
 * The server's metrics in Prometheus' text format (issue 23, decision 041), read at GET /metrics with the
 * bearer token METRICS_TOKEN; without a token configured the endpoint does not exist (404). One registry for
 * the process: a Prometheus target is a process, and the parts that count (the HTTP hooks, the engine loop,
 * the job runner, the ledger poster, the realtime sockets, the attempt throttles, the spot order and fill
 * writers) call the small functions below, none of which knows about HTTP or Prometheus' wire.
 *
 * What only the database knows across instances (failed job periods, withdrawals waiting) is read from it at
 * each scrape: every instance answers the same figure, so dashboards take max() over instances.
 */

export const metricsPath = '/metrics';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'piazza_' });

const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpRequests = new Counter({
  name: 'piazza_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const httpDuration = new Histogram({
  name: 'piazza_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets,
  registers: [registry],
});
const orders = new Counter({
  name: 'piazza_orders_total',
  help: 'Spot orders placed (committed), by market (quote currency: EUR Borsa Italiana, USD US, USDT crypto) and side',
  labelNames: ['market', 'side'] as const,
  registers: [registry],
});
const fills = new Counter({
  name: 'piazza_fills_total',
  help: 'Spot order fills (committed), by market (quote currency) and side',
  labelNames: ['market', 'side'] as const,
  registers: [registry],
});
const ledgerEntries = new Counter({
  name: 'piazza_ledger_entries_total',
  help: 'Journal entries posted (counted as their transaction commits), by bill type',
  labelNames: ['bill_type'] as const,
  registers: [registry],
});
const jobRuns = new Counter({
  name: 'piazza_job_runs_total',
  // `job_name`, not `job`: Prometheus gives every series the scrape job's own `job` label.
  help: 'Job periods run on this instance, by job name and outcome (succeeded or failed)',
  labelNames: ['job_name', 'outcome'] as const,
  registers: [registry],
});
const engineTick = new Histogram({
  name: 'piazza_engine_tick_duration_seconds',
  help: 'Time of one engine step, by engine (on the instance holding its lease)',
  labelNames: ['engine'] as const,
  buckets,
  registers: [registry],
});
const engineSkipped = new Counter({
  name: 'piazza_engine_ticks_skipped_total',
  help: 'Engine ticks skipped because the step before was still running, by engine',
  labelNames: ['engine'] as const,
  registers: [registry],
});
const wsClients = new Gauge({
  name: 'piazza_websocket_clients',
  help: 'WebSocket clients connected to this instance',
  registers: [registry],
});
const wsMessages = new Counter({
  name: 'piazza_websocket_messages_total',
  help: 'WebSocket messages, by direction (in from clients, out to clients)',
  labelNames: ['direction'] as const,
  registers: [registry],
});
const feedLag = new Gauge({
  name: 'piazza_market_feed_lag_seconds',
  help: "The feed leader's last round: how old the oldest quote of an instrument in session was",
  registers: [registry],
});
const feedRound = new Gauge({
  name: 'piazza_market_feed_last_round_timestamp_seconds',
  help: 'When this instance, as feed leader, last published a round of tickers (Unix time)',
  registers: [registry],
});
const attemptFailures = new Counter({
  name: 'piazza_attempt_failures_total',
  help: 'Failed password attempts, by throttle (login: investors, operator: back office)',
  labelNames: ['throttle'] as const,
  registers: [registry],
});
const attemptThrottled = new Counter({
  name: 'piazza_attempt_throttled_total',
  help: 'Attempts refused to wait because of earlier failures, by throttle',
  labelNames: ['throttle'] as const,
  registers: [registry],
});

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}
/** The apps open in this process (one in production; tests build several), each with its database. */
const apps = new Set<{ db: Db; poolUse?: () => PoolUse }>();
/** Each database once, though two apps may share one. */
const databases = () => new Set([...apps].map((a) => a.db));

new Gauge({
  name: 'piazza_db_pool_connections',
  help: 'Database connections of this instance, by state (total, idle, waiting: queries waiting for one)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const sum = { total: 0, idle: 0, waiting: 0 };
    for (const { poolUse } of apps) {
      if (!poolUse) continue;
      const u = poolUse();
      sum.total += u.total;
      sum.idle += u.idle;
      sum.waiting += u.waiting;
    }
    for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, sum[state]);
  },
});

new Gauge({
  name: 'piazza_job_periods_failed',
  help: 'Job periods whose last run failed and that wait for a retry or an operator, by job name (the whole cluster)',
  labelNames: ['job_name'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const byJob = new Map<string, number>();
    for (const db of databases()) {
      const rows = await readSafely(
        db,
        `select job, count(*)::int as n from job_runs where state = 'failed' group by job`,
      );
      for (const r of rows as { job: string; n: number }[]) byJob.set(r.job, (byJob.get(r.job) ?? 0) + r.n);
    }
    for (const [job, n] of byJob) this.set({ job_name: job }, n);
  },
});

new Gauge({
  name: 'piazza_withdrawals_waiting',
  help: 'Withdrawals waiting for an operator, by state (review, processing; the whole cluster)',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    const counts = { review: 0, processing: 0 };
    for (const db of databases()) {
      const rows = await readSafely(
        db,
        `select state, count(*)::int as n from withdrawals where state in ('review', 'processing') group by state`,
      );
      for (const r of rows as { state: 'review' | 'processing'; n: number }[]) counts[r.state] += r.n;
    }
    for (const state of ['review', 'processing'] as const) this.set({ state }, counts[state]);
  },
});

new Gauge({
  name: 'piazza_withdrawal_oldest_waiting_seconds',
  help: 'Age of the oldest withdrawal waiting for an operator (0 when none; the whole cluster)',
  registers: [registry],
  async collect() {
    let oldestMs = 0;
    for (const db of databases()) {
      const rows = await readSafely(
        db,
        `select min(created_at) as at from withdrawals where state in ('review', 'processing')`,
      );
      const at = (rows[0] as { at: Date | null } | undefined)?.at;
      if (at) oldestMs = Math.max(oldestMs, Date.now() - at.getTime());
    }
    this.set(oldestMs / 1000);
  },
});

/** A scrape must answer even when the database does not: the figure is left out, the rest is served. */
async function readSafely(db: Db, sql: string): Promise<unknown[]> {
  try {
    return await db.query(sql);
  } catch {
    return [];
  }
}

/** Runs `count` when the work of `q` commits (at once outside a transaction). */
function onCommit(q: Queryable, count: () => void): void {
  if (q.beforeCommit) q.beforeCommit(async () => count());
  else count();
}

export const countOrder = (q: Queryable, market: string, side: string) =>
  onCommit(q, () => orders.inc({ market, side }));
export const countFill = (q: Queryable, market: string, side: string) =>
  onCommit(q, () => fills.inc({ market, side }));
export const countLedgerEntry = (q: Queryable, billType: string) =>
  onCommit(q, () => ledgerEntries.inc({ bill_type: billType }));
export const countJobRun = (job: string, outcome: 'succeeded' | 'failed') =>
  jobRuns.inc({ job_name: job, outcome });
export const timeEngineTick = (engine: string) => engineTick.startTimer({ engine });
export const countSkippedTick = (engine: string) => engineSkipped.inc({ engine });
export const countSocket = (delta: 1 | -1) => wsClients.inc(delta);
export const countSocketMessage = (direction: 'in' | 'out') => wsMessages.inc({ direction });
export const countAttemptFailure = (throttle: string) => attemptFailures.inc({ throttle });
export const countAttemptThrottled = (throttle: string) => attemptThrottled.inc({ throttle });
export function recordFeedRound(lagMs: number, atMs = Date.now()): void {
  feedLag.set(Math.max(0, lagMs) / 1000);
  feedRound.set(atMs / 1000);
}

/**
 * Mounts GET /metrics (when a token is configured) and the per-route HTTP hooks, and reads the database's
 * figures at scrape time while the app is open.
 */
export function registerMetrics(
  app: FastifyInstance,
  opts: { token: string; db: Db; poolUse?: () => PoolUse },
): void {
  const open = { db: opts.db, poolUse: opts.poolUse };
  apps.add(open);
  app.addHook('onClose', async () => {
    apps.delete(open);
  });

  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern, never the URL: one series per route, whatever ids the paths carry.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === metricsPath) return;
    const labels = { method: req.method, route };
    httpRequests.inc({ ...labels, status: String(reply.statusCode) });
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  if (!opts.token) return;
  const expected = Buffer.from(`Bearer ${opts.token}`);
  app.get(metricsPath, async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send('unauthorised\n');
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
