import type { Queryable } from '../db/db';
import { allLedgerChecks, verifyLedger } from '../ledger/verify';
import type { JobDefinition } from '../platform/jobs/job-runner';

/*
 * `ledger-verify`: the checks of `npm run ledger:verify`, every night, as a job of the runner (decision 026,
 * decision 042). Keyed by the UTC day that ended (`ledger-verify:2026-11-28`), so it runs once a day after
 * midnight UTC, on one instance. A ledger with breaches fails the run: the Jobs screen shows it red with the
 * checks broken, and the job failure count rises for the alert. The run checks the ledger as it is now; a
 * day the server was down is not checked later (the next night's run covers everything anyway).
 */

const dayMs = 86_400_000;

export const ledgerVerifyJobName = 'ledger-verify';

/** The run's one-line outcome, or the error that fails it. */
export async function checkLedgerNow(q: Queryable): Promise<string> {
  const checks = allLedgerChecks();
  const breaches = await verifyLedger(q, checks);
  const [size] = await q.query<{ entries: bigint }>('select count(*) as entries from journal_entries');
  const entries = size?.entries ?? 0n;
  if (breaches.length === 0) return `clean: ${checks.length} checks hold over ${entries} entries`;
  const broken = [...new Set(breaches.map((b) => b.check))];
  const first = breaches[0];
  throw new Error(
    `ledger not clean: ${breaches.length} breaches of ${broken.join(', ')} over ${entries} entries` +
      (first ? `; first: ${first.check}: ${first.subject}: ${first.detail}` : ''),
  );
}

export function ledgerVerifyJob(db: Queryable): JobDefinition {
  return {
    name: ledgerVerifyJobName,
    async due(nowMs) {
      return [new Date(nowMs - dayMs).toISOString().slice(0, 10)];
    },
    async run(key) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) throw new Error(`not a date: ${key}`);
      return `${key}: ${await checkLedgerNow(db)}`;
    },
    // A breach does not heal by waiting; one retry covers a connection lost mid-way.
    retry: { limit: 1, delayMs: 60_000 },
  };
}
