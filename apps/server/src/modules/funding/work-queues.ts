import { countWaiting, type WorkQueue } from '../../platform/work-queues';

/** Deposits and withdrawals an operator has not yet decided (in review or being checked). */
export const fundingWorkQueues: readonly WorkQueue[] = [
  {
    name: 'deposits',
    roles: ['finance'],
    screen: '/deposits',
    waiting: (db) =>
      countWaiting(
        db,
        `select count(*) as count, min(created_at) as oldest from deposits where state in ('review', 'processing')`,
      ),
  },
  {
    name: 'withdrawals',
    roles: ['finance'],
    screen: '/withdrawals',
    waiting: (db) =>
      countWaiting(
        db,
        `select count(*) as count, min(created_at) as oldest from withdrawals
          where state in ('review', 'processing')`,
      ),
  },
];
