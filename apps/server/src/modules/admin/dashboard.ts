import { adminDashboard } from '@piazza/contract/calls/dashboard-admin';
import type { FastifyInstance } from 'fastify';
import { implement, operatorOf } from '../../http/implement';
import { workQueuesFor } from '../../platform/work-queues';
import type { Services } from '../../services';

/** The dashboard of pending work: every queue the operator's role acts on, counted now (decision 046). */
export function mountDashboard(app: FastifyInstance, services: Services): void {
  implement(app, services, adminDashboard, async (ctx) => {
    const { role } = operatorOf(ctx);
    const queues = await Promise.all(
      workQueuesFor(role).map(async (q) => {
        const { count, oldestAt } = await q.waiting(services.db);
        return {
          name: q.name,
          screen: q.screen,
          count,
          // min() over no rows is null: an empty queue has no oldest wait.
          oldestAt: oldestAt?.getTime() ?? null,
        };
      }),
    );
    return { queues };
  });
}
