/* The face of the AI Multiplier module (issue 13): strategy products whose books trade on the market feed. */
import type { ServerModule } from '../../platform/server-module';
import { robotChecks } from './ledger-checks';
import { registerRobot } from './routes';

export const robotModule: ServerModule = {
  name: 'robot',
  register: registerRobot,
  ledgerChecks: robotChecks,
};

export { seedDemoRobots } from './demo-robots';
