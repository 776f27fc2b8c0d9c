/* The face of the assets module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { registerAssets } from './routes';

export const assetsModule: ServerModule = { name: 'assets', register: registerAssets };
