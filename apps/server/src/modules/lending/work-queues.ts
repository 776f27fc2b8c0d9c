import { countWaiting, type WorkQueue } from '../../platform/work-queues';

/** Loan applications to decide, and repayments or withdrawals whose money is to be confirmed. */
export const lendingWorkQueues: readonly WorkQueue[] = [
  {
    name: 'loans',
    roles: ['finance'],
    screen: '/loans',
    waiting: (db) =>
      countWaiting(
        db,
        `select count(*) as count,
                min(case when state = 'review' then created_at else repay_requested_at end) as oldest
           from loans where state in ('review', 'repaying')`,
      ),
  },
];
