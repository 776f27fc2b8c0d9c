import type { JobDefinition } from '../../platform/jobs/job-runner';
import type { Services } from '../../services';

/*
 * VIP expiry as a job of the runner (decision 026), keyed by the membership and the end it reached,
 * `vip-expiry:42@1764000000000`: a membership extended before the job ran has a new end, so the old key finds
 * nothing to end. The membership is out of force at its end whatever the job does; the job records it.
 */

export function vipJobs(services: Services): JobDefinition[] {
  const { db } = services;
  return [
    {
      name: 'vip-expiry',
      async due(nowMs) {
        const rows = await db.query<{ userId: number; endsAt: Date }>(
          `select user_id as "userId", ends_at as "endsAt" from vip_members
            where state = 'active' and ends_at <= $1 order by ends_at limit 500`,
          [new Date(nowMs)],
        );
        return rows.map((r) => `${r.userId}@${r.endsAt.getTime()}`);
      },
      async run(key, nowMs) {
        const match = /^(\d+)@(\d+)$/.exec(key);
        if (!match) throw new Error(`not a membership end: ${key}`);
        const ended = await db.query(
          `update vip_members set state = 'expired', updated_at = $3
            where user_id = $1 and state = 'active' and ends_at = $2 and ends_at <= $3 returning user_id`,
          [Number(match[1]), new Date(Number(match[2])), new Date(nowMs)],
        );
        return ended.length > 0 ? `membership of user ${match[1]} ended` : 'extended or already ended';
      },
    },
  ];
}
