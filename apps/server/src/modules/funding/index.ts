/* The face of the funding module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { fundingChecks } from './ledger-checks';
import { registerFunding } from './routes';

export const fundingModule: ServerModule = {
  name: 'funding',
  register: registerFunding,
  ledgerChecks: [...fundingChecks],
};
