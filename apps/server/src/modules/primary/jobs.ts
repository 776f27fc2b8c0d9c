import type { JobDefinition } from '../../platform/jobs/job-runner';
import { publishUserEvent } from '../../realtime/user-events';
import type { Services } from '../../services';
import { allotOffering, autoApply, lapseOffering, listOffering } from './lifecycle';

/*
 * The offering's clock as jobs of the runner (decision 026): each keyed by the offering's id, so
 * `offering-allot:42` runs once across instances. `due` answers the offerings whose moment has come and whose
 * step is still to do; a run that finds it done answers so and changes nothing.
 */

const idOf = (key: string): bigint => {
  if (!/^\d+$/.test(key)) throw new Error(`not an offering id: ${key}`);
  return BigInt(key);
};

function dueWhere(services: Services, where: string) {
  return async (nowMs: number) => {
    const rows = await services.db.query<{ id: bigint }>(
      `select id from offerings where ${where} order by id limit 100`,
      [new Date(nowMs)],
    );
    return rows.map((r) => String(r.id));
  };
}

/** Tells each investor of an offering that their subscription changed, once the step has committed. */
async function tellInvestors(services: Services, offeringId: bigint): Promise<void> {
  const rows = await services.db.query<{ userId: number; id: bigint; status: string }>(
    `select user_id as "userId", id, status from offering_subscriptions where offering_id = $1`,
    [String(offeringId)],
  );
  for (const r of rows) {
    await publishUserEvent(services.bus, r.userId, 'offering', {
      offeringId: Number(offeringId),
      subscriptionId: Number(r.id),
      status: r.status,
    }).catch((err: unknown) => services.log.warn({ err }, 'user event not published'));
  }
}

export function offeringJobs(services: Services): JobDefinition[] {
  const { db } = services;
  return [
    {
      name: 'offering-auto-apply',
      due: dueWhere(
        services,
        `status = 'published' and kind = 'ipo' and auto_applied_at is null and opens_at <= $1 and closes_at > $1`,
      ),
      run: (key, nowMs) => autoApply(services, idOf(key), nowMs),
    },
    {
      name: 'offering-allot',
      due: dueWhere(services, `status = 'published' and kind <> 'offline' and allots_at <= $1`),
      async run(key, nowMs) {
        const summary = await db.tx((q) => allotOffering(q, idOf(key), nowMs));
        await tellInvestors(services, idOf(key));
        return summary;
      },
    },
    {
      name: 'offering-lapse',
      due: dueWhere(services, `status = 'allotted' and lapsed_at is null and pay_by < $1`),
      async run(key, nowMs) {
        const summary = await db.tx((q) => lapseOffering(q, idOf(key), nowMs));
        await tellInvestors(services, idOf(key));
        return summary;
      },
    },
    {
      name: 'offering-list',
      due: dueWhere(services, `status = 'allotted' and lists_at <= $1`),
      async run(key, nowMs) {
        const { summary } = await listOffering(services, idOf(key), nowMs);
        await tellInvestors(services, idOf(key));
        return summary;
      },
    },
  ];
}
