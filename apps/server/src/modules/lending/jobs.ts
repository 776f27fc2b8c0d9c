import { dayOfIso } from '../../market/calendar/civil-date';
import type { JobDefinition } from '../../platform/jobs/job-runner';
import type { Services } from '../../services';
import { isoDay, romeDay } from './loan-days';
import type { LoanRow } from './loan-rows';
import { loanById } from './loan-rows';
import { accrueTo } from './loans';

/*
 * Daily interest as a job of the runner (decision 026), keyed by the Rome calendar day that ended:
 * `loan-interest:2026-11-24` runs after midnight in Rome and brings every loan in progress to the days borrowed
 * by the end of the 24th, one ledger entry a loan (bill "loan interest"). A day missed while the server was down
 * is caught up by the next run (the entry covers the days not yet booked); a repayment books the days it needs
 * itself. Both lock the loan's row, and each entry's key names the loan and the day count: a day is booked once.
 */

const lookBackDays = 7;

export function loanJobs(services: Services): JobDefinition[] {
  const { db } = services;
  return [
    {
      name: 'loan-interest',
      async due(nowMs) {
        const today = romeDay(nowMs);
        const rows = await db.query<{ start: number }>(
          `select min(disbursed_day + accrued_days) as start from loans where state = 'active'`,
        );
        const start = rows[0]?.start;
        if (start === null || start === undefined) return [];
        const keys: string[] = [];
        for (let d = Math.max(start, today - lookBackDays); d < today; d++) keys.push(isoDay(d));
        return keys;
      },
      async run(key) {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) throw new Error(`not a date: ${key}`);
        const endOfDay = dayOfIso(key) + 1;
        const ids = await db.query<{ id: bigint }>(
          `select id from loans where state = 'active' and disbursed_day < $1 and accrued_days < $1 - disbursed_day
            order by id`,
          [endOfDay],
        );
        let booked = 0n;
        let loans = 0;
        for (const { id } of ids) {
          const amount = await db.tx(async (q) => {
            const l = (await loanById(q, id, { lock: true })) as LoanRow;
            if (l.state !== 'active' || l.disbursedDay === null) return 0n;
            return accrueTo(q, l, endOfDay - l.disbursedDay, 'job');
          });
          booked += amount;
          loans += 1;
        }
        return `${key}: ${loans} loans, ${booked} EUR minor units of interest booked`;
      },
    },
  ];
}
