/* The face of the VIP module (issue 14): membership, plans and the notes members read. */
import type { ServerModule } from '../../platform/server-module';
import { vipChecks } from './ledger-checks';

export { isMemberInForce } from './membership';

import { registerVip } from './routes';

export const vipModule: ServerModule = { name: 'vip', register: registerVip, ledgerChecks: vipChecks };
