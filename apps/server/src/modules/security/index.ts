/* The face of the security module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { registerSecurity } from './routes';

export const securityModule: ServerModule = { name: 'security', register: registerSecurity };

export {
  answeredBefore,
  checkTradePassword,
  pinGuard,
  tradePinGuard,
  tradePinPassed,
  withdrawPinVerified,
} from './pin-guard';
export { hasPin, verifyPin } from './pins';
export { openOperatorTotpSecret, sealOperatorTotpSecret } from './totp-secrets';
export { lockTrading } from './trade-unlock';
export { checkLoginTotp } from './two-factor';
