import type { CallDef } from '@piazza/contract/define';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { implement, userOf } from '../../http/implement';
import { publishAfterReply } from '../../kit/after-reply';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { tradePinGuard, tradePinPassed } from '../security';
import { currencyScaleOf } from '../trading';
import type { ProductOrderRow, ProductRow } from './product-rows';

/*
 * The investor's money calls on a product order (buy, add, exit), for AI products and funds alike: the
 * transaction password checked before the transaction, the step itself, and the order's view answered and sent
 * to the investor's other screens.
 */

export type OrderStep<I> = (
  q: Queryable,
  userId: number,
  input: I,
  nowMs: number,
) => Promise<{ robot: ProductRow; order: ProductOrderRow }>;

export interface OrderCalls {
  /** Mounts `call` running `step` in the call's transaction. */
  mount<I>(call: CallDef, step: OrderStep<I>): void;
}

export function orderCalls<V extends Record<string, unknown>>(
  app: FastifyInstance,
  services: Services,
  view: {
    topic: 'robot' | 'fund';
    of(order: ProductOrderRow, product: ProductRow, scale: number, nowMs: number): V;
  },
): OrderCalls {
  const tradePin = tradePinGuard(services);
  return {
    mount<I>(call: CallDef, step: OrderStep<I>) {
      implement(
        app,
        services,
        call,
        async (ctx) => {
          const user = userOf(ctx);
          if (!(await tradePinPassed(ctx.q, ctx.req, user.id))) throw new Refusal('trade.pin.required');
          const nowMs = services.clock.now();
          const { robot, order } = await step(ctx.q, user.id, ctx.input as I, nowMs);
          const answer = view.of(order, robot, await currencyScaleOf(ctx.q, robot.currency), nowMs);
          publishAfterReply(services, ctx.reply, user.id, view.topic, answer);
          return answer;
        },
        { guard: tradePin },
      );
    },
  };
}
