import * as calls from '@piazza/contract/calls/trading';
import type { OrderView } from '@piazza/contract/calls/trading-shapes';
import type { FastifyInstance } from 'fastify';
import { type CallContext, claimRequest, implement, type RequestClaim, userOf } from '../../http/implement';
import { publishAfterReply } from '../../kit/after-reply';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { checkTradePassword, tradePinGuard, tradePinPassed } from '../security';
import { settlementJob } from './jobs';
import { placeMarketOrder, placesInOneCall } from './market-order';
import { settleState } from './order-fills';
import { orderFxRate, orderFxViewOf } from './order-fx';
import { lockOrder, type OrderRow, restingStates } from './order-rows';
import {
  heldSymbols,
  holdView,
  orderFills,
  orderViewOf,
  userFills,
  userOrder,
  userOrders,
} from './order-views';
import { placeOrder, stockOf } from './place-order';
import { mountTradingSettings } from './settings-routes';
import { createSpotEngine, type SpotEngine } from './spot-engine';
import { shareSpotEngine } from './spot-engine-events';
import { userStatistics } from './statistics';
import { clearIfSoldOut, setTpsl, triggerOfOrder } from './tpsl';

const engines = new WeakMap<Services, SpotEngine>();

/** The spot engine registerTrading made for this app, if it is mounted. */
export function spotEngineOf(services: Services): SpotEngine | undefined {
  return engines.get(services);
}

/**
 * Stock spot orders and holdings (issue 6 item 1). Answers the engine, which the caller may step by hand
 * (tests); it runs on its own once the server listens and stops when it closes.
 */
export async function registerTrading(app: FastifyInstance, services: Services): Promise<SpotEngine> {
  const { clock } = services;
  // Shared: what this instance files is announced to the others (decision 018).
  const engine = shareSpotEngine(createSpotEngine(services), services);
  engines.set(services, engine);
  app.addHook('onListen', async () => {
    await engine.load();
    engine.start();
  });
  app.addHook('onClose', () => engine.stop());
  services.jobs.define(settlementJob(services, engine));
  // The transaction password, asked before the money transaction opens (security/pin-guard.ts).
  const tradePin = tradePinGuard(services);
  mountTradingSettings(app, services);
  const page = (input: { page?: number | undefined; size?: number | undefined }) => ({
    page: input.page ?? 1,
    size: input.size ?? 20,
  });

  const place =
    (side: 'buy' | 'sell') =>
    async (ctx: CallContext<typeof calls.stockOrderBuy> | CallContext<typeof calls.stockOrderSell>) => {
      const user = userOf(ctx);
      const claim = ctx.claim as RequestClaim;
      if (!(await tradePinPassed(ctx.q, ctx.req, user.id))) {
        // A repeat of an answered request gets its first answer (the guard did not ask for the password).
        await claimRequest(ctx.q, claim);
        throw new Refusal('trade.pin.required');
      }
      const { symbol, type, quantity, price, stopPrice } = ctx.input;
      const payFrom = 'payFrom' in ctx.input ? ctx.input.payFrom : undefined;
      const ticket = {
        userId: user.id,
        side,
        symbol,
        type,
        quantity,
        price,
        stopPrice,
        payFrom,
        nowMs: clock.now(),
      };
      const instrument = stockOf(services, symbol);
      let order: OrderRow;
      let view: OrderView;
      if (placesInOneCall(instrument, ticket)) {
        // A euro share at market: claimed, read, written and answered in two statements (decision 072).
        ({ order, view } = await placeMarketOrder(ctx.q, services, instrument, ticket, claim));
      } else {
        await claimRequest(ctx.q, claim);
        order = await placeOrder(ctx.q, services, ticket);
        // A sale that leaves no share clears the holding's take profit and stop loss (decision 013).
        // (Its triggers left in the engine's index find no row when they fire, and do nothing.)
        if (side === 'sell') await clearIfSoldOut(ctx.q, user.id, order.symbol);
        view = await orderViewOf(ctx.q, services, order);
      }
      // Filed in the engine once the answer has gone out, so the row it re-reads has committed.
      ctx.reply.raw.once('finish', () => engine.track(order));
      publishAfterReply(services, ctx.reply, user.id, 'order', view);
      return view;
    };
  implement(app, services, calls.stockOrderBuy, place('buy'), { guard: tradePin, claimsRequest: true });
  implement(app, services, calls.stockOrderSell, place('sell'), { guard: tradePin, claimsRequest: true });

  implement(app, services, calls.stockOrderCancel, async (ctx) => {
    const user = userOf(ctx);
    const nowMs = clock.now();
    const order = await services.db.tx(async (q) => {
      const mine = await userOrder(q, user.id, ctx.input.id);
      const locked = await lockOrder(q, mine.id);
      if (!locked || !restingStates.includes(locked.state)) throw new Refusal('order.notCancellable');
      await settleState(q, locked, { nowMs, actor: { type: 'user', id: String(user.id) }, cancel: true });
      return locked;
    });
    engine.untrack(String(order.id));
    // A sell cancelled gives its shares back: levels waiting for available shares are watched again.
    if (order.side === 'sell') await engine.rearm(user.id, order.symbol);
    const view = await orderViewOf(ctx.db, services, order);
    publishAfterReply(services, ctx.reply, user.id, 'order', view);
    return view;
  });

  // The rate a buy in dollars would be paid from euros at, shown on the ticket before confirming (decision 057).
  implement(app, services, calls.stockOrderFx, async (ctx) =>
    orderFxViewOf(await orderFxRate(ctx.db, services, ctx.input.currency, clock.now())),
  );

  implement(app, services, calls.stockOrderList, async (ctx) =>
    userOrders(ctx.db, services, userOf(ctx).id, { state: ctx.input.state, ...page(ctx.input) }),
  );

  implement(app, services, calls.stockOrderInfo, async (ctx) => {
    const order = await userOrder(ctx.db, userOf(ctx).id, ctx.input.id);
    return {
      ...(await orderViewOf(ctx.db, services, order)),
      fills: await orderFills(ctx.db, services, order.id),
      trigger: await triggerOfOrder(ctx.db, services, order.id),
    };
  });

  implement(app, services, calls.stockOrderTradeList, async (ctx) =>
    userFills(ctx.db, services, userOf(ctx).id, { orderId: ctx.input.orderId, ...page(ctx.input) }),
  );

  implement(app, services, calls.stockHoldList, async (ctx) => {
    const userId = userOf(ctx).id;
    const list = [];
    for (const symbol of await heldSymbols(ctx.db, userId)) {
      list.push(await holdView(ctx.db, services, userId, stockOf(services, symbol)));
    }
    return { list };
  });

  implement(app, services, calls.stockHoldInfo, async (ctx) =>
    holdView(ctx.db, services, userOf(ctx).id, stockOf(services, ctx.input.symbol)),
  );

  implement(app, services, calls.stockHoldTpsl, async (ctx) => {
    const user = userOf(ctx);
    const instrument = stockOf(services, ctx.input.symbol);
    // Checked before the transaction opens (verifyPin counts attempts on a connection of its own), with the
    // session's trade unlock (decision 066): a run of changes pays argon2 once.
    await checkTradePassword(services, user, ctx.input.tradePassword);
    const { takeProfit, stopLoss } = ctx.input;
    const { replaced, armed } = await services.db.tx((q) =>
      setTpsl(q, services, {
        userId: user.id,
        instrument,
        ...(takeProfit === undefined ? {} : { takeProfit }),
        ...(stopLoss === undefined ? {} : { stopLoss }),
        nowMs: clock.now(),
      }),
    );
    engine.arm(armed, replaced);
    const view = await holdView(ctx.db, services, user.id, instrument);
    publishAfterReply(services, ctx.reply, user.id, 'tpsl', view);
    return view;
  });

  implement(app, services, calls.stockOrderStatistics, async (ctx) => {
    const period = ctx.input.period ?? 'all';
    return { period, list: await userStatistics(ctx.db, services, userOf(ctx).id, period, clock.now()) };
  });

  return engine;
}
