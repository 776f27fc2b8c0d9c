/* The face of the options module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { optionChecks } from './ledger-checks';
import { registerOptions } from './routes';

export const optionsModule: ServerModule = {
  name: 'options',
  register: registerOptions,
  ledgerChecks: [...optionChecks],
};
