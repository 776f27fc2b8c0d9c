/* The face of the admin module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { registerAdmin } from './routes';

export const adminModule: ServerModule = { name: 'admin', register: registerAdmin };

export { mountOperatorTotp } from './operator-totp';
export { mountUserControls } from './user-controls';
