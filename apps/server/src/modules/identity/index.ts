/* The face of the identity module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { registerIdentity } from './routes';

export const identityModule: ServerModule = { name: 'identity', register: registerIdentity };

export { accountOf } from './account';
export { countCodeSend } from './code-send-limits';
export { accountFailureKey, loginThrottle } from './login-throttle';
export { revokeUserSessions } from './user-sessions';
export { findUserByAccount, findUserById, insertUser, newInviteCode } from './users';
export { checkCode, codeResendMs, codeValidMs, consumeCode, issueCode } from './verification-codes';
