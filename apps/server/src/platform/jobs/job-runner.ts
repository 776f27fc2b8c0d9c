import { hostname } from 'node:os';
import type { Db } from '../../db/db';
import { pagedRows } from '../../kit/paging';
import type { Clock } from '../../services';
import { newInstanceId } from '../lease';
import { countJobRun } from '../metrics';

/*
 * The job runner (DESIGN.md §2, issue 11, decision 026). A job is named and does the work of one period, keyed
 * by the period: `settlement:2026-11-24T23:00:00.000Z`, `option-expiry:…`, later `ipo-allot:42`,
 * `loan-interest:2026-11-24`. Modules define their jobs at registration; the runner
 *
 * - schedules: every few seconds each instance asks each job which periods are due and have work, and sends
 *   the periods that have never run to the queue;
 * - delivers through a queue: pg-boss on PostgreSQL (one worker takes each message, retried with backoff),
 *   or the same in process on PGlite;
 * - runs a period once: the run first claims the period's row in `job_runs` (unique job + key), so a period
 *   delivered twice, or sent by two instances at once, is done by one of them; a failed period may be claimed
 *   again (a retry, or an operator's "run now"), a succeeded one never;
 * - records each period's run: started, finished, attempts, a one-line summary, or the error it failed with,
 *   for the back office's Jobs screen.
 */

export interface JobDefinition {
  /** Lower-case words joined by hyphens: the queue's name too. */
  name: string;
  /** The keys of the periods that are due at `nowMs` and have work left, oldest first. */
  due(nowMs: number): Promise<string[]>;
  /** Does the work of one period and answers what it did in a line; throws to fail (and be retried). */
  run(key: string, nowMs: number): Promise<string>;
  /** Retries after a failure, each after twice the delay of the one before. */
  retry?: RetryPolicy;
}

export interface RetryPolicy {
  limit: number;
  delayMs: number;
}

export const defaultRetry: RetryPolicy = { limit: 4, delayMs: 5_000 };

export type JobState = 'running' | 'succeeded' | 'failed';

export interface JobRun {
  id: bigint;
  job: string;
  key: string;
  state: JobState;
  attempts: number;
  startedAt: Date;
  finishedAt: Date | null;
  summary: string | null;
  error: string | null;
  instance: string;
  requestedBy: string | null;
}

const runColumns = `id, job, key, state, attempts, started_at as "startedAt", finished_at as "finishedAt", summary,
  error, instance, requested_by as "requestedBy"`;

/** How a period reaches a worker: pg-boss on PostgreSQL, or in process. */
export interface JobQueue {
  readonly kind: 'pg-boss' | 'in-process';
  /** Starts delivering: `deliver` runs one period and throws when it failed (the queue retries it). */
  start(jobs: readonly JobDefinition[], deliver: (job: string, key: string) => Promise<void>): Promise<void>;
  /** Sends one period; a period already waiting is not queued twice. */
  send(job: string, key: string): Promise<void>;
  stop(): Promise<void>;
}

/** What a run that found its period already claimed answers: done elsewhere, or running elsewhere. */
export type RunOutcome = { ran: true; run: JobRun } | { ran: false; run: JobRun | undefined };

export interface JobRunner {
  readonly instance: string;
  readonly queueKind: JobQueue['kind'];
  /** Called by modules at registration. */
  define(job: JobDefinition): void;
  definitions(): readonly JobDefinition[];
  /** Sends every due period that never ran to the queue; answers how many were sent. */
  schedule(nowMs?: number): Promise<number>;
  /**
   * Runs one period here and now if it can claim it (never ran, or failed, or abandoned by a crashed
   * instance). Throws what the job threw, after recording it.
   */
  runPeriod(job: string, key: string, opts?: { nowMs?: number; requestedBy?: string }): Promise<RunOutcome>;
  /** An operator's "run now": every due period of the job, including failed ones, run in this process. */
  runNow(job: string, requestedBy: string, nowMs?: number): Promise<JobRun[]>;
  /** The latest runs, newest first; only failures when asked. */
  runs(opts: { job?: string; failedOnly?: boolean; page: number; size: number }): Promise<{
    total: number;
    rows: JobRun[];
  }>;
  /** Starts the queue and the scheduler (the server's onListen). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  queue: JobQueue;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** How often each instance asks the jobs what is due. */
  scheduleEveryMs?: number;
  /** A run still 'running' after this long was abandoned (its instance died) and may be claimed again. */
  abandonedAfterMs?: number;
  instance?: string;
}

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { db, clock, queue, log } = opts;
  const instance = opts.instance ?? `${hostname()}:${newInstanceId()}`;
  const abandonedAfterMs = opts.abandonedAfterMs ?? 15 * 60_000;
  const jobs = new Map<string, JobDefinition>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let scheduling: Promise<unknown> = Promise.resolve();

  const jobNamed = (name: string): JobDefinition => {
    const job = jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    return job;
  };

  /** Takes the period for this instance, or answers undefined when it is done or running elsewhere. */
  async function claim(job: string, key: string, nowMs: number, requestedBy: string | null) {
    const [row] = await db.query<JobRun>(
      `insert into job_runs (job, key, state, attempts, started_at, instance, requested_by)
         values ($1, $2, 'running', 1, $3, $4, $5)
       on conflict (job, key) do update
         set state = 'running', attempts = job_runs.attempts + 1, started_at = $3, finished_at = null,
             summary = null, error = null, instance = $4, requested_by = $5
         where job_runs.state = 'failed' or (job_runs.state = 'running' and job_runs.started_at < $6)
       returning ${runColumns}`,
      [job, key, new Date(nowMs), instance, requestedBy, new Date(nowMs - abandonedAfterMs)],
    );
    return row;
  }

  async function finish(id: bigint, state: JobState, text: string): Promise<JobRun> {
    const [row] = await db.query<JobRun>(
      `update job_runs set state = $2, finished_at = $3, ${state === 'failed' ? 'error' : 'summary'} = $4
        where id = $1 returning ${runColumns}`,
      [id, state, new Date(clock.now()), text.slice(0, 2000)],
    );
    return row as JobRun;
  }

  async function runPeriod(
    name: string,
    key: string,
    o: { nowMs?: number; requestedBy?: string } = {},
  ): Promise<RunOutcome> {
    const job = jobNamed(name);
    const nowMs = o.nowMs ?? clock.now();
    const claimed = await claim(name, key, nowMs, o.requestedBy ?? null);
    if (!claimed) {
      const run = (
        await db.query<JobRun>(`select ${runColumns} from job_runs where job = $1 and key = $2`, [name, key])
      )[0];
      return { ran: false, run };
    }
    let summary: string;
    try {
      summary = await job.run(key, nowMs);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await finish(claimed.id, 'failed', message);
      countJobRun(name, 'failed');
      log.warn({ err, job: name, key, attempt: claimed.attempts }, 'job failed');
      throw err;
    }
    const run = await finish(claimed.id, 'succeeded', summary);
    countJobRun(name, 'succeeded');
    return { ran: true, run };
  }

  async function neverRan(name: string, keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const seen = await db.query<{ key: string }>(
      'select key from job_runs where job = $1 and key = any($2::text[])',
      [name, keys],
    );
    const known = new Set(seen.map((r) => r.key));
    return keys.filter((k) => !known.has(k));
  }

  async function schedule(nowMs = clock.now()): Promise<number> {
    let sent = 0;
    for (const job of jobs.values()) {
      try {
        for (const key of await neverRan(job.name, await job.due(nowMs))) {
          await queue.send(job.name, key);
          sent++;
        }
      } catch (err) {
        log.warn({ err, job: job.name }, 'job not scheduled');
      }
    }
    return sent;
  }

  return {
    instance,
    queueKind: queue.kind,
    define(job) {
      if (!/^[a-z][a-z0-9-]*$/.test(job.name)) throw new Error(`bad job name ${job.name}`);
      if (jobs.has(job.name)) throw new Error(`job ${job.name} defined twice`);
      jobs.set(job.name, job);
    },
    definitions: () => [...jobs.values()],
    schedule,
    runPeriod,
    async runNow(name, requestedBy, nowMs = clock.now()) {
      const job = jobNamed(name);
      const failed = await db.query<{ key: string }>(
        `select key from job_runs where job = $1 and state = 'failed' order by started_at`,
        [name],
      );
      const keys = [...new Set([...failed.map((r) => r.key), ...(await job.due(nowMs))])];
      const done: JobRun[] = [];
      for (const key of keys) {
        try {
          const outcome = await runPeriod(name, key, { nowMs, requestedBy });
          if (outcome.run) done.push(outcome.run);
        } catch {
          const [row] = await db.query<JobRun>(
            `select ${runColumns} from job_runs where job = $1 and key = $2`,
            [name, key],
          );
          if (row) done.push(row);
        }
      }
      return done;
    },
    runs({ job, failedOnly, page, size }) {
      return pagedRows<JobRun>(
        db,
        {
          columns: runColumns,
          from: 'job_runs',
          where: `($1::text is null or job = $1) and (not $2 or state = 'failed')`,
          orderBy: 'started_at desc, id desc',
          params: [job ?? null, failedOnly ?? false],
        },
        { page, size },
      );
    },
    async start() {
      if (timer) return;
      await queue.start([...jobs.values()], async (name, key) => {
        await runPeriod(name, key);
      });
      const tick = () => {
        scheduling = scheduling.then(() => schedule()).catch(() => {});
      };
      tick();
      timer = setInterval(tick, opts.scheduleEveryMs ?? 5_000);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await scheduling;
      await queue.stop();
    },
  };
}
