import { userAssets } from '@piazza/contract/calls/assets';
import type { FastifyInstance } from 'fastify';
import { implement, userOf } from '../../http/implement';
import type { Services } from '../../services';
import { withCoinQuotes } from '../coin';
import { assetsOverview } from './overview';

export async function registerAssets(app: FastifyInstance, services: Services): Promise<void> {
  // EUR/USD from the market feed now; the reference rates when the feed cannot answer (decision 006); the
  // coins held at their USDT pairs' last prices (decision 016).
  implement(app, services, userAssets, async (ctx) => {
    const now = services.clock.now();
    const userId = userOf(ctx).id;
    const rates = await withCoinQuotes(ctx.q, services, userId, await services.market.fxRates(now), now);
    return assetsOverview(ctx.q, userId, rates, now);
  });
}
