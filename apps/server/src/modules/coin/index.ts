/* The face of the coin module: what the server's composition and the other modules may use. */
import type { ServerModule } from '../../platform/server-module';
import { registerCoin } from './routes';

export const coinModule: ServerModule = { name: 'coin', register: registerCoin };

export { withCoinQuotes } from './coin-rates';
