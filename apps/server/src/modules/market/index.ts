/* The face of the market module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { registerMarket } from './routes';

export const marketModule: ServerModule = { name: 'market', register: registerMarket };
