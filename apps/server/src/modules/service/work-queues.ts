import { countWaiting, type WorkQueue } from '../../platform/work-queues';

/** Conversations whose investor wrote last and no operator has read it yet: waiting for an answer. */
export const serviceWorkQueues: readonly WorkQueue[] = [
  {
    name: 'service',
    roles: ['support'],
    screen: '/service',
    waiting: (db) =>
      countWaiting(
        db,
        `select count(distinct user_id) as count, min(created_at) as oldest
           from service_messages where sender = 'user' and read_at is null`,
      ),
  },
];
