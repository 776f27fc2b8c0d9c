/* The face of the coin-contract module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { coinContractChecks } from './ledger-checks';
import { registerCoinContract } from './routes';

export const coinContractModule: ServerModule = {
  name: 'coin-contract',
  register: registerCoinContract,
  ledgerChecks: [...coinContractChecks],
};
