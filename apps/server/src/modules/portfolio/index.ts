/* The face of the portfolio module: the home's figures and the FX split, read from the ledger and the market. */
import type { ServerModule } from '../../platform/server-module';
import { registerPortfolio } from './routes';

export const portfolioModule: ServerModule = { name: 'portfolio', register: registerPortfolio };
