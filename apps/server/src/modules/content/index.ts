/* The face of the content module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { registerContent } from './routes';

export const contentModule: ServerModule = { name: 'content', register: registerContent };

export { mountContentEditor } from './editor';
