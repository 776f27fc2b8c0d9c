import { userAssets } from '@piazza/contract/calls/assets';
import type { FastifyInstance } from 'fastify';
import { implement, userOf } from '../../http/implement';
import { referenceFxRates } from '../../platform/fx';
import type { Services } from '../../services';
import { assetsOverview } from './overview';

export async function registerAssets(app: FastifyInstance, services: Services): Promise<void> {
  // Reference rates until the market feed of the next issue provides live ones through the same port.
  implement(app, services, userAssets, async (ctx) =>
    assetsOverview(ctx.q, userOf(ctx).id, referenceFxRates, services.clock.now()),
  );
}
