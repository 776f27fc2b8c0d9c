/* The face of the content module: what the server's composition and the other modules may use. */
import { openBlobStore } from '../../platform/blob-store-open';
import type { ServerModule } from '../../platform/server-module';
import type { Services } from '../../services';
import { seedDemoContent } from './demo-content';
import { registerContent } from './routes';

export const contentModule: ServerModule = { name: 'content', register: registerContent };

export { mountContentEditor } from './editor';

/** Demo mode's articles, banner and poll, seeded once (see demo-content.ts). */
export const seedDemoNews = (services: Services) =>
  seedDemoContent(services, openBlobStore(services.config.dataDir));
