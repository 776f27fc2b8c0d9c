import { adminJobRunNow, adminJobRuns, adminJobs } from '@piazza/contract/calls/jobs-admin';
import type { FastifyInstance } from 'fastify';
import { implement, operatorOf } from '../../http/implement';
import { audit } from '../../kit/audit';
import type { JobRun } from '../../platform/jobs/job-runner';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';

function runView(r: JobRun) {
  return {
    id: Number(r.id),
    job: r.job,
    key: r.key,
    state: r.state,
    attempts: r.attempts,
    startedAt: r.startedAt.getTime(),
    finishedAt: r.finishedAt?.getTime() ?? null,
    summary: r.summary,
    error: r.error,
    instance: r.instance,
    requestedBy: r.requestedBy,
  };
}

/** The back office's Jobs screen: what runs, what failed, and "run now" for an admin (issue 11). */
export function mountJobs(app: FastifyInstance, services: Services): void {
  const { jobs, db } = services;

  implement(app, services, adminJobs, async () => {
    const stats = await db.query<{ job: string; failed: bigint; lastRunAt: Date | null }>(
      `select job, count(*) filter (where state = 'failed') as failed, max(started_at) as "lastRunAt"
         from job_runs group by job`,
    );
    const byName = new Map(stats.map((s) => [s.job, s]));
    return {
      queue: jobs.queueKind,
      jobs: jobs.definitions().map(({ name }) => ({
        name,
        failed: Number(byName.get(name)?.failed ?? 0n),
        lastRunAt: byName.get(name)?.lastRunAt?.getTime() ?? null,
      })),
    };
  });

  implement(app, services, adminJobRuns, async ({ input }) => {
    const page = input.page ?? 1;
    const size = input.size ?? 20;
    const { total, rows } = await jobs.runs({
      ...(input.job ? { job: input.job } : {}),
      failedOnly: input.failedOnly,
      page,
      size,
    });
    return { list: rows.map(runView), total, page, size };
  });

  implement(app, services, adminJobRunNow, async (ctx) => {
    const operator = operatorOf(ctx);
    const name = ctx.input.job;
    if (!jobs.definitions().some((j) => j.name === name)) throw new Refusal('admin.job.unknown', [name]);
    const runs = await jobs.runNow(name, `operator:${operator.id}`);
    await audit(db, {
      operatorId: operator.id,
      action: 'job.run',
      targetType: 'job',
      targetId: name,
      before: null,
      after: { periods: runs.map((r) => ({ key: r.key, state: r.state })) },
    });
    return { runs: runs.map(runView) };
  });
}
