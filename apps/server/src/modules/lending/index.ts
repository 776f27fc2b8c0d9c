/* The face of the lending module (issue 14): consumer loans and the credit score. */
import type { ServerModule } from '../../platform/server-module';
import { loanChecks } from './ledger-checks';
import { registerLending } from './routes';
import { lendingWorkQueues } from './work-queues';

export const lendingModule: ServerModule = {
  name: 'lending',
  register: registerLending,
  ledgerChecks: loanChecks,
  workQueues: lendingWorkQueues,
};
