import type { OperatorRole } from '@piazza/contract/define';
import type { Db } from '../db/db';

/**
 * Work that waits for an operator (KYC to review, deposits to confirm, loans to decide): each module names its
 * own queues on its face (`ServerModule.workQueues`), and the back office's dashboard asks every queue how
 * much waits and since when, so an operator knows where to start (issue 17, decision 046).
 */
export interface WorkQueue {
  /** A stable name, also the dashboard's text key: `dashboard.queue.<name>`. */
  name: string;
  /** The operator roles that act on this queue (an admin sees every queue). */
  roles: readonly OperatorRole[];
  /** The back-office screen where the work is done, e.g. '/kyc'. */
  screen: string;
  /** How many items wait, and when the oldest of them began to wait. */
  waiting(db: Db): Promise<{ count: number; oldestAt: Date | null }>;
}

const queues: WorkQueue[] = [];

/** Registers the modules' queues once (buildApp); a name registered twice is ignored the second time. */
export function registerWorkQueues(more: readonly WorkQueue[]): void {
  for (const q of more) if (!queues.some((known) => known.name === q.name)) queues.push(q);
}

/** The queues an operator of `role` acts on, in the order the modules registered them. */
export function workQueuesFor(role: OperatorRole): readonly WorkQueue[] {
  return queues.filter((q) => role === 'admin' || q.roles.includes(role));
}

/** One queue's count and oldest wait from a `select count(*) … , min(<time>) …` row. */
export async function countWaiting(db: Db, sql: string): Promise<{ count: number; oldestAt: Date | null }> {
  const [row] = await db.query<{ count: bigint | number; oldest: Date | null }>(sql);
  return { count: Number(row?.count ?? 0), oldestAt: row?.oldest ?? null };
}
