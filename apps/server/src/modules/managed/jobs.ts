import { calendarFor } from '../../market/calendar/calendar-for';
import { dayOfIso } from '../../market/calendar/civil-date';
import type { JobDefinition } from '../../platform/jobs/job-runner';
import type { Services } from '../../services';
import { closeBook, isoDayOf, tradeBook } from './book-days';

/*
 * The books' day as jobs of the runner (decision 026), keyed by the trading date of Borsa Italiana, where the
 * baskets trade: `robot-trade:2026-11-25` once the first half hour of that session has passed, and
 * `robot-close:2026-11-25` after its close. A close missed while the server was down is marked later, at the
 * close's prices (the feed answers any past instant); a missed open is not traded late — the session is gone.
 */

const calendar = () => calendarFor('XMIL');
const settleMs = 30 * 60_000;
const lookBackDays = 10;

async function launchedRobots(services: Services, byMs: number): Promise<number[]> {
  const rows = await services.db.query<{ id: number }>(
    'select id from products where launched_at <= $1 order by id',
    [new Date(byMs)],
  );
  return rows.map((r) => r.id);
}

function sessionOf(key: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) throw new Error(`not a trading date: ${key}`);
  const session = calendar().sessionOnDay(dayOfIso(key));
  if (!session) throw new Error(`${key} does not trade`);
  return session;
}

export function robotJobs(services: Services): JobDefinition[] {
  return [
    {
      name: 'robot-trade',
      async due(nowMs) {
        const session = calendar().sessionOf(nowMs);
        if (!session || nowMs < session.open + settleMs) return [];
        return (await launchedRobots(services, nowMs)).length > 0 ? [isoDayOf(session)] : [];
      },
      async run(key, nowMs) {
        const session = sessionOf(key);
        if (nowMs >= session.close) return `${key}: the session had closed, nothing traded`;
        const lines: string[] = [];
        for (const id of await launchedRobots(services, nowMs)) {
          lines.push(await tradeBook(services, id, session, nowMs));
        }
        return lines.join('; ');
      },
    },
    {
      name: 'robot-close',
      async due(nowMs) {
        const sessions = calendar().sessionsBetween(nowMs - lookBackDays * 86_400_000, nowMs);
        const keys: string[] = [];
        for (const s of sessions) {
          if (s.close > nowMs) continue;
          const [row] = await services.db.query<{ n: number }>(
            `select count(*)::int as n from products r
              where r.launched_at <= $1
                and not exists (select 1 from product_navs n where n.product_id = r.id and n.day = $2)`,
            [new Date(s.close), isoDayOf(s)],
          );
          if ((row?.n ?? 0) > 0) keys.push(isoDayOf(s));
        }
        return keys;
      },
      async run(key) {
        const session = sessionOf(key);
        const lines: string[] = [];
        for (const id of await launchedRobots(services, session.close)) {
          lines.push(await closeBook(services, id, session));
        }
        return lines.join('; ');
      },
    },
  ];
}
