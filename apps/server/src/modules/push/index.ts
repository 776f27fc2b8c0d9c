/* The face of the push module (issue 15 item 7, decision 040): devices' push subscriptions and the job that pushes investors' personal notices to them. */
import type { ServerModule } from '../../platform/server-module';
import { registerPush } from './routes';

export const pushModule: ServerModule = { name: 'push', register: registerPush };
