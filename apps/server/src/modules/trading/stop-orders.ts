import { formatAmount } from '@piazza/core/money';
import { buyCost } from '@piazza/core/trading/fees';
import { fillLimit, fillMarket, tradeValue } from '@piazza/core/trading/fills';
import type { Queryable } from '../../db/db';
import { notifyInvestor } from '../../kit/personal-notice';
import { balanceOf, postEntry } from '../../ledger/post';
import type { PriceTrigger } from '../../platform/engine/trigger-index';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { type Actor, applyFills, currencyScaleOf, scalesOf, settleState } from './order-fills';
import { assetOf, lockOrder, type OrderRow, orderColumns } from './order-rows';
import { marketNow } from './place-order';
import { pinnedFees, tradingSettingsFor } from './settings';

/*
 * Stop and stop-limit orders once placed (issue 17 item 10, decision 056). Placed, a stop rests in state
 * 'open' with what it may spend (a buy: its cost at the stop price, or at the limit for a stop-limit, with
 * the fee) or sell frozen, and its stop price filed in the engine's trigger index on the last price (the one
 * take profit and stop loss use): a buy stop fires at or above its stop, a sell stop at or below. When the
 * index fires it, one transaction re-reads the row (a stale or cancelled stop does nothing) and rewrites it
 * into what it names:
 *  - a stop becomes a market order: its freeze goes back to spot and it fills across the book now, like a
 *    market order placed at that moment; a buy the book would make dearer than the balance pays, or a book
 *    with nobody on the other side, cancels it (told by a notice) rather than leaving it armed forever;
 *  - a stop-limit becomes a limit order at its limit: it fills as far as the book allows, the rest resting
 *    with its freeze, as any limit order.
 * Either way the investor gets a personal notice that the stop fired.
 */

export type StopTrigger = PriceTrigger & { orderId: bigint; userId: number };

export const stopTriggerId = (orderId: bigint | string) => `stop:${orderId}`;

/** The index entry of an armed stop; undefined for any other order. */
export function stopTriggerOf(o: OrderRow): StopTrigger | undefined {
  if ((o.type !== 'stop' && o.type !== 'stop_limit') || o.state !== 'open' || o.stopPrice === null) {
    return undefined;
  }
  return {
    id: stopTriggerId(o.id),
    symbol: o.symbol,
    fires: o.side === 'buy' ? 'at-or-above' : 'at-or-below',
    level: o.stopPrice,
    sequence: o.id,
    orderId: o.id,
    userId: o.userId,
  };
}

/** Every stop the database holds armed, for the engine's index at start. */
export async function armedStops(q: Queryable): Promise<StopTrigger[]> {
  const rows = await q.query<OrderRow>(
    `select ${orderColumns} from stock_orders where type in ('stop', 'stop_limit') and state = 'open' order by id`,
  );
  return rows.flatMap((r) => stopTriggerOf(r) ?? []);
}

/** What became of a fired stop: the order when it acted; `retry` when it must stay armed (market shut). */
export interface StopOutcome {
  order?: OrderRow;
  retry: boolean;
}

async function release(q: Queryable, order: OrderRow, actor: Actor): Promise<void> {
  if (order.frozen === 0n) return;
  const asset = order.side === 'buy' ? order.currency : assetOf(order);
  const account = (purpose: 'frozen' | 'spot') => ({
    ownerType: 'user' as const,
    ownerId: order.userId,
    purpose,
    asset,
  });
  await postEntry(q, {
    billType: order.side === 'buy' ? 'spot_buy' : 'spot_sell',
    actor,
    ref: { type: 'stock_order', id: String(order.id) },
    idempotencyKey: `stock-order:${order.id}:release`,
    memo: 'stop reached: frozen released to go to the market',
    postings: [
      { account: account('frozen'), amount: -order.frozen },
      { account: account('spot'), amount: order.frozen },
    ],
  });
  order.frozen = 0n;
}

/**
 * Acts on a stop the index fired, in one transaction (see the top of the file).
 * A refusal from the market (closed, feed down) rolls it back and keeps the stop armed for the next step.
 */
export async function fireStop(
  services: Services,
  trigger: StopTrigger,
  nowMs: number,
): Promise<StopOutcome> {
  const actor: Actor = { type: 'job', id: 'spot-engine' };
  try {
    return await services.db.tx(async (q) => {
      const order = await lockOrder(q, trigger.orderId);
      if (!order || stopTriggerOf(order)?.level !== trigger.level) return { retry: false };
      const instrument = services.market.instrument(order.symbol);
      if (!instrument) return { retry: false };
      const { quote, book } = await marketNow(services, order.symbol, nowMs);
      if (quote.status !== 'open') throw new Refusal('order.marketClosed');
      const stopPrice = order.stopPrice as bigint;
      const becomes = order.type === 'stop' ? 'market' : 'limit';
      order.type = becomes;
      order.triggeredAt = new Date(nowMs);
      await q.query('update stock_orders set type = $2, triggered_at = $3 where id = $1', [
        order.id,
        becomes,
        order.triggeredAt,
      ]);
      await notifyInvestor(q, {
        userId: order.userId,
        key: 'notice.order.stopTriggered',
        params: [order.symbol, formatAmount(stopPrice, instrument.priceScale)],
        ref: `stock-order:${order.id}:stop`,
        nowMs,
      });
      const currencyScale = await currencyScaleOf(q, order.currency);
      const rest = order.quantity - order.filledQuantity;
      const levels = { bids: book.bids, asks: book.asks };
      if (becomes === 'limit') {
        const execution = fillLimit(order.side, rest, order.limitPrice as bigint, levels);
        await applyFills(q, order, execution.fills, { instrument, currencyScale, nowMs, actor });
        await settleState(q, order, { nowMs, actor });
        return { order, retry: false };
      }
      await release(q, order, actor);
      const execution = fillMarket(order.side, rest, levels);
      let affordable = execution.filled > 0n;
      if (affordable && order.side === 'buy') {
        const schedule = (await pinnedFees(q, order.id)) ?? (await tradingSettingsFor(q, instrument)).fees;
        const cost = buyCost(
          schedule,
          {
            value: tradeValue(execution.notional, scalesOf(instrument, currencyScale)),
            quantity: execution.filled,
          },
          { quantityScale: instrument.quantityScale, currencyScale },
        ).total;
        const spot = await balanceOf(q, {
          ownerType: 'user',
          ownerId: order.userId,
          purpose: 'spot',
          asset: order.currency,
        });
        affordable = spot >= cost;
      }
      if (!affordable) {
        await settleState(q, order, { nowMs, actor, cancel: true });
        await notifyInvestor(q, {
          userId: order.userId,
          key: 'notice.order.stopNotFilled',
          params: [order.symbol, formatAmount(stopPrice, instrument.priceScale)],
          ref: `stock-order:${order.id}:stop-not-filled`,
          nowMs,
        });
        return { order, retry: false };
      }
      await applyFills(q, order, execution.fills, { instrument, currencyScale, nowMs, actor });
      await settleState(q, order, { nowMs, actor });
      return { order, retry: false };
    });
  } catch (err) {
    if (err instanceof Refusal) return { retry: true };
    throw err;
  }
}
