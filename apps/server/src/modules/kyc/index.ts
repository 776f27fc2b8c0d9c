/* The face of the kyc module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { registerKyc } from './routes';
import { kycWorkQueues } from './work-queues';

export const kycModule: ServerModule = { name: 'kyc', register: registerKyc, workQueues: kycWorkQueues };

export { readProfile, saveProfile } from './profile';
export { requireKycVerified } from './require-verified';
