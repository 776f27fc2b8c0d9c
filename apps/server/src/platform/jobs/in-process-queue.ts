import { defaultRetry, type JobDefinition, type JobQueue } from './job-runner';

/**
 * The queue of the embedded default (PGlite, one instance): periods run one at a time in this process, a
 * failure is retried with the job's backoff (the delay doubles each time), as pg-boss would on PostgreSQL.
 */
export function inProcessQueue(): JobQueue {
  let deliver: ((job: string, key: string) => Promise<void>) | undefined;
  const retryOf = new Map<string, JobDefinition['retry']>();
  const waiting = new Set<string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let chain: Promise<unknown> = Promise.resolve();
  let stopped = false;

  function enqueue(job: string, key: string, attempt: number): void {
    const id = `${job}\u0000${key}`;
    if (attempt === 0 && waiting.has(id)) return;
    waiting.add(id);
    chain = chain.then(async () => {
      if (stopped || !deliver) return;
      try {
        await deliver(job, key);
        waiting.delete(id);
      } catch {
        const retry = retryOf.get(job) ?? defaultRetry;
        if (attempt >= retry.limit) {
          waiting.delete(id);
          return;
        }
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            enqueue(job, key, attempt + 1);
          },
          retry.delayMs * 2 ** attempt,
        );
        timers.add(timer);
      }
    });
  }

  return {
    kind: 'in-process',
    async start(jobs, run) {
      stopped = false;
      deliver = run;
      for (const job of jobs) retryOf.set(job.name, job.retry);
    },
    async send(job, key) {
      enqueue(job, key, 0);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await chain;
    },
  };
}
