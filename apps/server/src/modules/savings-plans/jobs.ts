import { calendarFor } from '../../market/calendar/calendar-for';
import { dayOfIso } from '../../market/calendar/civil-date';
import type { JobDefinition } from '../../platform/jobs/job-runner';
import type { Services } from '../../services';
import { attemptPlan } from './execute';
import { isoDay, romeDay } from './plan-rows';

/*
 * Plans' executions as a job of the runner (decision 026), one period per plan and day tried:
 * `plan-execute:42:2026-12-23`. A period is due once its day has come and, on that day, once the
 * instrument's market has opened (before the open an attempt would only find it closed); a day that does
 * not trade, or one already past, is due at once and is skipped as closed when the market is.
 */

export function planJobs(services: Services): JobDefinition[] {
  const { db, market } = services;
  return [
    {
      name: 'plan-execute',
      async due(nowMs) {
        const today = romeDay(nowMs);
        const rows = await db.query<{ id: bigint; attemptDay: number; symbol: string }>(
          `select id, attempt_day as "attemptDay", symbol from savings_plans
            where state = 'active' and attempt_day <= $1 order by attempt_day, id limit 500`,
          [today],
        );
        const keys: string[] = [];
        for (const r of rows) {
          const instrument = market.instrument(r.symbol);
          if (r.attemptDay === today && instrument) {
            const session = calendarFor(instrument.calendar).sessionOnDay(today);
            if (session && nowMs < session.open) continue;
          }
          keys.push(`${r.id}:${isoDay(r.attemptDay)}`);
        }
        return keys;
      },
      async run(key, nowMs) {
        const match = /^(\d+):(\d{4}-\d{2}-\d{2})$/.exec(key);
        if (!match) throw new Error(`not a plan and a day: ${key}`);
        const outcome = await attemptPlan(
          services,
          BigInt(match[1] as string),
          dayOfIso(match[2] as string),
          nowMs,
        );
        return `plan ${match[1]} on ${match[2]}: ${outcome}`;
      },
    },
  ];
}
