/*
 * The face of the bonds module (issue 20 items 1–2, decisions 052 and 053): the ETFs' facts (they trade on the
 * share path) and Italian government bonds bought and sold at the dealer's quote, their coupons and redemptions.
 */
import type { ServerModule } from '../../platform/server-module';
import { bondChecks } from './ledger-checks';
import { registerBonds } from './routes';

export const bondsModule: ServerModule = { name: 'bonds', register: registerBonds, ledgerChecks: bondChecks };
