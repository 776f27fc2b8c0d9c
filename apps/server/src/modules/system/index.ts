/* The face of the system module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { registerSystem } from './routes';

export const systemModule: ServerModule = { name: 'system', register: registerSystem };

export { registerWebApps } from './static';
