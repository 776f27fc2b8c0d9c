import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { mountAuditLog } from './audit-log';
import { bootstrapOperators } from './bootstrap';
import { mountContentEditor } from './content';
import { mountOperators } from './operators';
import { mountOutbox } from './outbox';
import { mountReward } from './reward';
import { mountSignIn } from './sign-in';
import { mountUsers } from './users';

/** The back office's API under /ipcg-api/admin (DESIGN.md §3, §4), and its first operators. */
export async function registerAdmin(app: FastifyInstance, services: Services): Promise<void> {
  await bootstrapOperators(services);
  mountSignIn(app, services);
  mountUsers(app, services);
  mountReward(app, services);
  mountAuditLog(app, services);
  mountOperators(app, services);
  mountContentEditor(app, services);
  // Like /dev/outbox, the outbox exists only in demo mode.
  if (services.config.demoMode) mountOutbox(app, services);
}
