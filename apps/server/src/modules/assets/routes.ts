import { userAssets } from '@piazza/contract/calls/assets';
import type { FastifyInstance } from 'fastify';
import { implement, userOf } from '../../http/implement';
import type { Services } from '../../services';
import { assetsOverview } from './overview';

export async function registerAssets(app: FastifyInstance, services: Services): Promise<void> {
  // EUR/USD from the market feed now; the reference rates when the feed cannot answer (decision 006).
  implement(app, services, userAssets, async (ctx) => {
    const now = services.clock.now();
    return assetsOverview(ctx.q, userOf(ctx).id, await services.market.fxRates(now), now);
  });
}
