/* The face of the savings plans module (issue 20 item 3, decision 054): PAC plans and their terms. */
import type { ServerModule } from '../../platform/server-module';
import { planChecks } from './ledger-checks';
import { registerSavingsPlans } from './routes';

export const savingsPlansModule: ServerModule = {
  name: 'savings-plans',
  register: registerSavingsPlans,
  ledgerChecks: planChecks,
};
