/* The face of the stock-contract module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { stockContractChecks } from './ledger-checks';
import { registerStockContracts } from './routes';

export const stockContractModule: ServerModule = {
  name: 'stock-contract',
  register: registerStockContracts,
  ledgerChecks: [...stockContractChecks],
};
