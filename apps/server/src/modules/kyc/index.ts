/* The face of the kyc module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { registerKyc } from './routes';

export const kycModule: ServerModule = { name: 'kyc', register: registerKyc };

export { readProfile, saveProfile } from './profile';
export { requireKycVerified } from './require-verified';
