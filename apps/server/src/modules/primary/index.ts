/* The face of the primary-markets module (issue 12): IPO offerings, subscriptions, allotment and listing. */
import type { ServerModule } from '../../platform/server-module';
import { primaryChecks } from './ledger-checks';
import { registerPrimary } from './routes';

export const primaryModule: ServerModule = {
  name: 'primary',
  register: registerPrimary,
  ledgerChecks: primaryChecks,
};

export { seedDemoOfferings } from './demo-offerings';
