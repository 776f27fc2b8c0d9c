import { userAssets } from '@piazza/contract/calls/assets';
import type { FastifyInstance } from 'fastify';
import { implement, userOf } from '../../http/implement';
import { positionWorthOf } from '../../kit/position-worth';
import type { Services } from '../../services';
import { withCoinQuotes } from '../coin';
import { assetsOverview } from './overview';
import { withShareQuotes } from './share-quotes';

export async function registerAssets(app: FastifyInstance, services: Services): Promise<void> {
  // EUR/USD from the market feed now; the reference rates when the feed cannot answer (decision 006); the
  // coins held at their USDT pairs' last prices (decision 016), the shares at theirs in their currency; and
  // what the modules holding positions off the ledger say those are worth (kit/position-worth.ts).
  implement(app, services, userAssets, async (ctx) => {
    const now = services.clock.now();
    const userId = userOf(ctx).id;
    const fx = await services.market.fxRates(now);
    const withCoins = await withCoinQuotes(ctx.q, services, userId, fx, now);
    const rates = await withShareQuotes(ctx.q, services, userId, withCoins, now);
    const positions = await positionWorthOf(services, ctx.q, userId, now);
    return assetsOverview(ctx.q, userId, rates, positions, now);
  });
}
