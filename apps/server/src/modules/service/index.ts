/* The face of the customer-service module (issue 15 item 5, decision 039): the chat and its inbox. */
import type { ServerModule } from '../../platform/server-module';
import { registerService } from './routes';
import { serviceWorkQueues } from './work-queues';

export const serviceModule: ServerModule = {
  name: 'service',
  register: (app, services) => registerService(app, services),
  workQueues: serviceWorkQueues,
};
