/* The face of the funding module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { fundingChecks } from './ledger-checks';
import { registerFunding } from './routes';
import { fundingWorkQueues } from './work-queues';

export const fundingModule: ServerModule = {
  name: 'funding',
  register: registerFunding,
  ledgerChecks: [...fundingChecks],
  workQueues: fundingWorkQueues,
};

export { spreadBp } from './exchange';
