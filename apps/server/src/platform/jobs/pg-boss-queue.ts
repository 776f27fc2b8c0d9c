import PgBoss from 'pg-boss';
import { defaultRetry, type JobQueue } from './job-runner';

/**
 * The queue on PostgreSQL (decision 026): pg-boss keeps the messages in its own schema (`pgboss`) of the
 * same database. A queue per job with the 'stately' policy holds at most one waiting message per period
 * (singletonKey), so the instances' schedulers sending the same period at once queue it once; one worker of
 * one instance takes each message; a failure is retried by pg-boss with exponential backoff. pg-boss's cron
 * is not used: periods come from each job's `due`, on the application's clock.
 */
export function pgBossQueue(connectionString: string, onError: (err: unknown) => void): JobQueue {
  const boss = new PgBoss({
    connectionString,
    max: 3,
    // Maintenance (expiring and archiving old messages) on; its cron scheduler off, we schedule ourselves.
    schedule: false,
  });
  boss.on('error', onError);
  let started = false;

  return {
    kind: 'pg-boss',
    async start(jobs, deliver) {
      await boss.start();
      started = true;
      for (const job of jobs) {
        const retry = job.retry ?? defaultRetry;
        await boss.createQueue(job.name, {
          name: job.name,
          policy: 'stately',
          retryLimit: retry.limit,
          retryDelay: Math.max(1, Math.round(retry.delayMs / 1000)),
          retryBackoff: true,
        });
        await boss.work<{ key: string }>(job.name, { pollingIntervalSeconds: 2 }, async ([message]) => {
          if (message) await deliver(job.name, message.data.key);
        });
      }
    },
    async send(job, key) {
      await boss.send(job, { key }, { singletonKey: key });
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
