import { portfolioFxSplit, portfolioPerformance } from '@piazza/contract/calls/portfolio';
import type { FastifyInstance } from 'fastify';
import { implement, userOf } from '../../http/implement';
import { positionWorthOf } from '../../kit/position-worth';
import type { Services } from '../../services';
import { fxSplitFor } from './fx-split';
import { performanceFor } from './performance';

/* Where the investor stands: computed from postings and prices on each call (decisions 058 and 059). */
export async function registerPortfolio(app: FastifyInstance, services: Services): Promise<void> {
  implement(app, services, portfolioPerformance, async (ctx) => {
    const now = services.clock.now();
    const userId = userOf(ctx).id;
    const positions = await positionWorthOf(services, ctx.q, userId, now);
    return performanceFor(ctx.q, services, userId, ctx.input.range, positions, now);
  });

  implement(app, services, portfolioFxSplit, async (ctx) =>
    fxSplitFor(ctx.q, services, userOf(ctx).id, services.clock.now()),
  );
}
