import type { FastifyInstance } from 'fastify';
import type { LedgerCheck } from '../ledger/ledger-check';
import type { Services } from '../services';
import type { WorkQueue } from './work-queues';

/**
 * What a module gives the platform (docs/adding-a-domain.md): its name, the plugin that mounts its calls,
 * back-office calls, guards and engines inside a Fastify context of its own, and the ledger checks of the
 * rows it moves money for ("every business row that moved money has its entry", DESIGN.md §5). The list of
 * modules is src/server-modules.ts; the platform imports no module.
 */
export interface ServerModule {
  name: string;
  register(app: FastifyInstance, services: Services): Promise<unknown>;
  ledgerChecks?: readonly LedgerCheck[];
  /** What waits for an operator in this module, counted on the back office's dashboard. */
  workQueues?: readonly WorkQueue[];
}
