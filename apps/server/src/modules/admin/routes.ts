import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { mountAuditLog } from './audit-log';
import { bootstrapOperators } from './bootstrap';
import { mountDashboard } from './dashboard';
import { mountJobs } from './jobs';
import { mountOperatorTotp } from './operator-totp';
import { mountOperators } from './operators';
import { mountOutbox } from './outbox';
import { mountReward } from './reward';
import { mountSignIn } from './sign-in';
import { mountUserControls } from './user-controls';
import { mountUsers } from './users';

/** The back office's API under /ipcg-api/admin (DESIGN.md §3, §4), and its first operators. */
export async function registerAdmin(app: FastifyInstance, services: Services): Promise<void> {
  await bootstrapOperators(services);
  mountSignIn(app, services);
  mountUsers(app, services);
  mountReward(app, services);
  mountAuditLog(app, services);
  mountJobs(app, services);
  mountDashboard(app, services);
  mountOperators(app, services);
  mountUserControls(app, services);
  mountOperatorTotp(app, services);
  // Like /dev/outbox, the outbox exists only in demo mode.
  if (services.config.demoMode) mountOutbox(app, services);
}
