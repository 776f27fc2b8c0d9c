import { countWaiting, type WorkQueue } from '../../platform/work-queues';

/** KYC submissions and HNI applications waiting for a decision. */
export const kycWorkQueues: readonly WorkQueue[] = [
  {
    name: 'kyc',
    roles: ['compliance'],
    screen: '/kyc',
    waiting: (db) =>
      countWaiting(
        db,
        `select count(*) as count, min(submitted_at) as oldest from kyc_submissions where status = 'pending'`,
      ),
  },
  {
    name: 'hni',
    roles: ['support', 'compliance'],
    screen: '/hni',
    waiting: (db) =>
      countWaiting(
        db,
        `select count(*) as count, min(hni_applied_at) as oldest from users where hni_status = 'pending'`,
      ),
  },
];
