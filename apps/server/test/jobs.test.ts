import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { inProcessQueue } from '../src/platform/jobs/in-process-queue';
import { createJobRunner, type JobDefinition, type JobRunner } from '../src/platform/jobs/job-runner';
import { pgBossQueue } from '../src/platform/jobs/pg-boss-queue';
import { demoAdmin, operatorWithRole, signIn } from './admin-fixtures';
import { call, freshDatabase, TestClock } from './helper';
import { sleep } from './realtime-steps';
import { createTradingApp, eniBook, newTrader, placeOrder, type TradingApp } from './trading-steps';

/*
 * The job runner (issue 11, decision 026): a period runs once however often it is sent or run, a failure is
 * recorded with its error and retried with backoff, and the back office lists the runs and runs a job now.
 * The queue is the one the server picks: pg-boss on PostgreSQL, in process on PGlite.
 */

const silent = { warn() {}, info() {} };

function runnerOn(db: Db, clock: TestClock): JobRunner {
  return createJobRunner({
    db,
    clock,
    log: silent,
    queue: db.url ? pgBossQueue(db.url, () => {}) : inProcessQueue(),
    scheduleEveryMs: 100,
  });
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('the job runner', () => {
  let db: Db & { drop(): Promise<void> };
  const clock = new TestClock();
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(() => db?.drop());

  it('runs what the scheduler sends through the queue, and retries a failure with backoff', async () => {
    const runner = runnerOn(db, clock);
    const attempts: number[] = [];
    const flaky: JobDefinition = {
      name: 'flaky',
      due: async () => ['2026-11-24'],
      async run() {
        attempts.push(Date.now());
        if (attempts.length === 1) throw new Error('the feed did not answer');
        return 'done on the second try';
      },
      retry: { limit: 3, delayMs: 200 },
    };
    runner.define(flaky);
    await runner.start();
    try {
      await eventually(async () => {
        const { rows } = await runner.runs({ job: 'flaky', page: 1, size: 5 });
        return rows[0]?.state === 'succeeded';
      }, 'the retried run to succeed');
      const { total, rows } = await runner.runs({ job: 'flaky', page: 1, size: 5 });
      expect(total).toBe(1);
      expect(rows[0]).toMatchObject({
        key: '2026-11-24',
        state: 'succeeded',
        attempts: 2,
        summary: 'done on the second try',
        error: null,
      });
      expect(attempts).toHaveLength(2);
      // The retry waited for its backoff.
      expect((attempts[1] as number) - (attempts[0] as number)).toBeGreaterThanOrEqual(150);
      // The scheduler keeps asking; a period that ran is never sent again.
      await sleep(400);
      expect(attempts).toHaveLength(2);
    } finally {
      await runner.stop();
    }
  }, 60_000);

  it('runs a period once when it is run many times at once, and never again once it succeeded', async () => {
    const runner = runnerOn(db, clock);
    let runs = 0;
    runner.define({
      name: 'once',
      due: async () => ['p1'],
      async run() {
        runs++;
        await sleep(50);
        return 'ran';
      },
    });
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => runner.runPeriod('once', 'p1')));
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(runs).toBe(1);
    const again = await runner.runNow('once', 'operator:1');
    expect(runs).toBe(1);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ key: 'p1', state: 'succeeded', attempts: 1 });
  });

  it('records a failure with its error, and run now runs a failed period again', async () => {
    const runner = runnerOn(db, clock);
    let broken = true;
    runner.define({
      name: 'fragile',
      due: async () => [],
      async run(key) {
        if (broken) throw new Error(`no price for ${key}`);
        return 'priced';
      },
    });
    await expect(runner.runPeriod('fragile', 'k1')).rejects.toThrow('no price for k1');
    const failed = await runner.runs({ failedOnly: true, page: 1, size: 10 });
    expect(failed.rows.map((r) => [r.job, r.key, r.state, r.error])).toEqual([
      ['fragile', 'k1', 'failed', 'no price for k1'],
    ]);
    broken = false;
    const [rerun] = await runner.runNow('fragile', 'operator:7');
    expect(rerun).toMatchObject({
      state: 'succeeded',
      attempts: 2,
      summary: 'priced',
      requestedBy: 'operator:7',
    });
    expect((await runner.runs({ failedOnly: true, page: 1, size: 10 })).total).toBe(0);
  });
});

describe('the Jobs screen of the back office', () => {
  let t: TradingApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTradingApp();
    t.books.set('ENI.MI', eniBook);
    admin = await signIn(t.app, demoAdmin);
  });
  afterAll(() => t?.close());

  it('lists the jobs, runs a due settlement now and shows its run', async () => {
    const who = await newTrader(t, 100_000n);
    const bought = await placeOrder(t, 'buy', who.token, { symbol: 'ENI.MI', type: 'market', quantity: '5' });
    expect(bought.code, bought.msg).toBe(0);

    const listed = await call<{ queue: string; jobs: { name: string; failed: number }[] }>(
      t.app,
      'GET',
      '/admin/jobs',
      {},
      { token: admin },
    );
    expect(listed.code, listed.msg).toBe(0);
    expect(listed.data.queue).toBe(t.db.url ? 'pg-boss' : 'in-process');
    expect(listed.data.jobs.map((j) => j.name).sort()).toEqual([
      'block-deliver',
      'bond-coupons',
      'bond-redemptions',
      'documents-month',
      'documents-year',
      'ledger-verify',
      'loan-interest',
      'news-import',
      'offering-allot',
      'offering-auto-apply',
      'offering-lapse',
      'offering-list',
      'option-expiry',
      'plan-execute',
      'push-notices',
      'robot-close',
      'robot-trade',
      'settlement',
      'tax-bollo',
      'tax-bollo-accrual',
      'tax-ftt',
      'vip-expiry',
    ]);

    // Nothing is due on Monday; on Wednesday the lot is.
    const early = await call<{ runs: unknown[] }>(
      t.app,
      'POST',
      '/admin/jobs/run',
      { job: 'settlement' },
      { token: admin },
    );
    expect(early.data.runs).toEqual([]);
    t.clock.ms = Date.UTC(2026, 10, 25, 9, 0);
    const ran = await call<{ runs: { key: string; state: string; summary: string }[] }>(
      t.app,
      'POST',
      '/admin/jobs/run',
      { job: 'settlement' },
      { token: admin },
    );
    expect(ran.code, ran.msg).toBe(0);
    expect(ran.data.runs).toMatchObject([
      { key: '2026-11-24T23:00:00.000Z', state: 'succeeded', summary: '1 lots settled' },
    ]);
    const [lot] = await t.db.query<{ settled: boolean }>(
      `select settled_at is not null as settled from stock_lots where user_id = $1`,
      [who.id],
    );
    expect(lot?.settled).toBe(true);

    const runs = await call<{ total: number; list: { job: string; state: string; requestedBy: string }[] }>(
      t.app,
      'GET',
      '/admin/jobs/runs',
      { job: 'settlement' },
      { token: admin },
    );
    expect(runs.data.total).toBe(1);
    expect(runs.data.list[0]).toMatchObject({ job: 'settlement', state: 'succeeded' });
    expect(runs.data.list[0]?.requestedBy).toMatch(/^operator:\d+$/);
    const [audited] = await t.db.query<{ n: bigint }>(
      `select count(*) as n from audit_log where action = 'job.run' and target_id = 'settlement'`,
    );
    expect(audited?.n).toBe(2n);
  });

  it('refuses an unknown job by name, a bad name by field, and run now to any role but admin', async () => {
    const unknown = await call(t.app, 'POST', '/admin/jobs/run', { job: 'tax-report' }, { token: admin });
    expect(unknown).toMatchObject({ code: -1001, msg: 'No job named tax-report' });
    const unknownIt = await call(
      t.app,
      'POST',
      '/admin/jobs/run',
      { job: 'tax-report' },
      { token: admin, lang: 'it-IT' },
    );
    expect(unknownIt).toMatchObject({ code: -1001, msg: 'Nessun job di nome tax-report' });
    const bad = await call(t.app, 'POST', '/admin/jobs/run', { job: 'DROP TABLE' }, { token: admin });
    expect(bad).toMatchObject({ code: -1001, msg: 'Job: give the name of a job, e.g. settlement' });
    const finance = await operatorWithRole(t.app, admin, 'finance');
    const seen = await call(t.app, 'GET', '/admin/jobs/runs', {}, { token: finance });
    expect(seen.code, seen.msg).toBe(0);
    const refused = await call(t.app, 'POST', '/admin/jobs/run', { job: 'settlement' }, { token: finance });
    expect(refused.code).toBe(-1001);
    const [runs] = await t.db.query<{ n: bigint }>('select count(*) as n from job_runs');
    expect(runs?.n).toBe(1n);
  });
});
