import * as calls from '@piazza/contract/calls/coin';
import type { FastifyInstance } from 'fastify';
import { implement, userOf } from '../../http/implement';
import { publishAfterReply } from '../../kit/after-reply';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { tradePinGuard, tradePinPassed } from '../security';
import {
  lockOrder,
  orderFills,
  orderViewOf,
  placeOrder,
  restingStates,
  settleState,
  spotEngineOf,
  userOrder,
  userOrders,
} from '../trading';
import { coinAssetsOf } from './coin-assets';

/**
 * Crypto spot (issue 7 item 1, decision 016): the stock spot path with product 'coin'. Orders are placed by
 * placeOrder, rest in the same engine index and are filled by the same loop; only the listing calls and the
 * balances are the coin's own. Mounted after the trading module, whose engine and transaction-password
 * guard it uses.
 */
export async function registerCoin(app: FastifyInstance, services: Services): Promise<void> {
  // The transaction password is asked before the order's transaction opens (security/pin-guard.ts).
  // The transaction password, asked before the money transaction opens (security/pin-guard.ts).
  const tradePin = tradePinGuard(services);
  const { clock } = services;
  const engine = spotEngineOf(services);
  if (!engine) throw new Error('the coin module needs the trading module mounted first');
  const product = 'coin' as const;

  implement(
    app,
    services,
    calls.coinOrderAdd,
    async (ctx) => {
      const user = userOf(ctx);
      if (!(await tradePinPassed(ctx.q, ctx.req, user.id))) throw new Refusal('trade.pin.required');
      const { symbol, side, type, quantity, price, stopPrice } = ctx.input;
      const order = await placeOrder(ctx.q, services, {
        userId: user.id,
        side,
        symbol,
        type,
        quantity,
        price,
        stopPrice,
        nowMs: clock.now(),
        product,
      });
      const view = await orderViewOf(ctx.q, services, order);
      // Filed in the engine once the answer has gone out, so the row it re-reads has committed.
      ctx.reply.raw.once('finish', () => engine.track(order));
      publishAfterReply(services, ctx.reply, user.id, 'order', view);
      return view;
    },
    { guard: tradePin },
  );

  implement(app, services, calls.coinOrderList, async (ctx) =>
    userOrders(ctx.db, services, userOf(ctx).id, {
      state: ctx.input.state,
      page: ctx.input.page ?? 1,
      size: ctx.input.size ?? 20,
      product,
    }),
  );

  implement(app, services, calls.coinOrderQuery, async (ctx) => {
    const order = await userOrder(ctx.db, userOf(ctx).id, ctx.input.id, product);
    return {
      ...(await orderViewOf(ctx.db, services, order)),
      fills: await orderFills(ctx.db, services, order.id),
    };
  });

  implement(app, services, calls.coinOrderClose, async (ctx) => {
    const user = userOf(ctx);
    const nowMs = clock.now();
    const order = await services.db.tx(async (q) => {
      const mine = await userOrder(q, user.id, ctx.input.id, product);
      const locked = await lockOrder(q, mine.id);
      if (!locked || !restingStates.includes(locked.state)) throw new Refusal('order.notCancellable');
      await settleState(q, locked, { nowMs, actor: { type: 'user', id: String(user.id) }, cancel: true });
      return locked;
    });
    engine.untrack(String(order.id));
    const view = await orderViewOf(ctx.db, services, order);
    publishAfterReply(services, ctx.reply, user.id, 'order', view);
    return view;
  });

  implement(app, services, calls.coinAssets, async (ctx) =>
    coinAssetsOf(ctx.db, services, userOf(ctx).id, clock.now()),
  );
}
