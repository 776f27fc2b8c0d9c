/* The face of the price alerts module (issue 20 item 4, decision 055). */
import type { ServerModule } from '../../platform/server-module';
import { registerPriceAlerts } from './routes';

export const priceAlertsModule: ServerModule = { name: 'price-alerts', register: registerPriceAlerts };

export { alertEngineOf } from './routes';
