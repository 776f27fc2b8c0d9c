/* The face of the regulatory module (issue 15 item 6): the operator's regulatory identity for stock/regulatory. */
import type { ServerModule } from '../../platform/server-module';
import { registerRegulatory } from './routes';

export const regulatoryModule: ServerModule = { name: 'regulatory', register: registerRegulatory };
