import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { registerMetrics } from '../src/platform/metrics';
import { wsPath } from '../src/realtime/routes';
import { newRequestId } from './funding-steps';
import { call, createTestApp, type TestApp } from './helper';
import { registerInvestor } from './identity-steps';
import { credit } from './trading-steps';

/*
 * GET /metrics (issue 23, decision 041): Prometheus' text behind a bearer token, with every family the
 * runbook's dashboard and alerts read, after real traffic through a listening server.
 */

const token = 'metrics-test-token-0123456789abcdef';

/** Every family the dashboard and the alert rules use. */
const families = [
  'piazza_http_requests_total',
  'piazza_http_request_duration_seconds',
  'piazza_orders_total',
  'piazza_fills_total',
  'piazza_ledger_entries_total',
  'piazza_job_runs_total',
  'piazza_job_periods_failed',
  'piazza_engine_tick_duration_seconds',
  'piazza_engine_ticks_skipped_total',
  'piazza_websocket_clients',
  'piazza_websocket_messages_total',
  'piazza_market_feed_lag_seconds',
  'piazza_market_feed_last_round_timestamp_seconds',
  'piazza_db_pool_connections',
  'piazza_attempt_failures_total',
  'piazza_attempt_throttled_total',
  'piazza_withdrawals_waiting',
  'piazza_withdrawal_oldest_waiting_seconds',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: token } });
  // Listening starts what only a serving instance runs: the engines' loops, the feed leader, the jobs.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const scrape = async (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line, e.g. `piazza_orders_total{market="USDT",side="buy"}`, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Scrapes until `check` holds on the text: the loops run on their own timers, so wait for their evidence. */
async function scrapeUntil(check: (text: string) => boolean): Promise<string> {
  for (;;) {
    const text = (await scrape(`Bearer ${token}`)).body;
    if (check(text)) return text;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('GET /metrics', () => {
  it('refuses without the token, or with another, and names the scheme it wants', async () => {
    const none = await scrape();
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.body).not.toContain('piazza_');
    const wrong = await scrape(`Bearer ${token.replace('0', '1')}`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('piazza_');
  });

  it('does not exist when no token is configured', async () => {
    // The same registration as the server's, without a token: no route, so the ordinary 404.
    const bare = Fastify();
    registerMetrics(bare, { token: '', db: t.db });
    try {
      const res = await bare.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('piazza_');
    } finally {
      await bare.close();
    }
  });

  it('after traffic answers every family, per route pattern and market', async () => {
    // A wrong investor password, and an operator locked out after five wrong ones.
    const investor = await registerInvestor(t.app, `metrics-${newRequestId()}@piazza.test`);
    const wrong = await call(t.app, 'POST', '/user/login', {
      account: 'nobody@piazza.test',
      password: 'sbagliata1',
    });
    expect(wrong.code).toBe(-1001);
    for (let i = 0; i < 6; i++) {
      await call(t.app, 'POST', '/admin/login', {
        email: 'nobody@piazza.test',
        password: 'sbagliata-sempre',
      });
    }

    // A market buy of bitcoin: an order, its fill and its ledger entries.
    await credit(t, investor.user.id, 'USDT', 100_000_000_000n);
    const order = await call(
      t.app,
      'POST',
      '/coin/order/add',
      { symbol: 'btcusdt', side: 'buy', type: 'market', quantity: '0.001', requestId: newRequestId() },
      { token: investor.token },
    );
    expect(order.code, order.msg).toBe(0);

    // A job that fails, run as the queue would run it.
    t.app.services.jobs.define({
      name: 'metrics-test-failing',
      due: async () => [],
      run: async () => {
        throw new Error('made to fail');
      },
    });
    await expect(t.app.services.jobs.runPeriod('metrics-test-failing', 'k1')).rejects.toThrow('made to fail');

    // A WebSocket that says something and is answered.
    const { port } = t.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}${wsPath}`);
    const pong = new Promise<void>((resolve) => socket.on('message', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ op: 'ping' }));
    await pong;

    const text = await scrapeUntil(
      (s) =>
        s.includes('piazza_engine_tick_duration_seconds_count{engine="spot"}') &&
        (sample(s, 'piazza_market_feed_last_round_timestamp_seconds') ?? 0) > 0,
    );
    for (const family of families) expect(text, family).toContain(`# TYPE ${family} `);

    expect(
      sample(text, 'piazza_http_requests_total{method="POST",route="/ipcg-api/coin/order/add",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'piazza_http_request_duration_seconds_count{method="POST",route="/ipcg-api/coin/order/add"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'piazza_orders_total{market="USDT",side="buy"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'piazza_fills_total{market="USDT",side="buy"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'piazza_ledger_entries_total{bill_type="spot_buy"}')).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'piazza_job_runs_total{job_name="metrics-test-failing",outcome="failed"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'piazza_job_periods_failed{job_name="metrics-test-failing"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, 'piazza_websocket_clients')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'piazza_websocket_messages_total{direction="in"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'piazza_websocket_messages_total{direction="out"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'piazza_attempt_failures_total{throttle="login"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'piazza_attempt_failures_total{throttle="operator"}')).toBeGreaterThanOrEqual(5);
    expect(sample(text, 'piazza_attempt_throttled_total{throttle="operator"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'piazza_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(
      t.db.kind === 'postgres' ? 1 : 0,
    );
    // Routes are patterns: no series carries an id or a query string.
    expect(text).not.toMatch(/route="[^"]*\?/);
    socket.close();
  });
});
