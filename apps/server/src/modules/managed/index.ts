/* The face of the managed-products module (issue 13): AI Multiplier products and copy-trading funds, each a book trading on the market feed. */
import type { ServerModule } from '../../platform/server-module';
import { robotChecks } from './ledger-checks';
import { registerRobot } from './robot-routes';

export const managedModule: ServerModule = {
  name: 'managed',
  register: registerRobot,
  ledgerChecks: robotChecks,
};

export { seedDemoProducts } from './demo-products';
