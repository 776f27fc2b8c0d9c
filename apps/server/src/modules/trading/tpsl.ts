import type { OrderTriggerView } from '@piazza/contract/calls/trading-shapes';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { checkProtection } from '@piazza/core/trading/order-rules';
import type { Queryable } from '../../db/db';
import type { Instrument } from '../../market/instrument';
import { MarketUnavailable } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import type { OrderRow } from './order-rows';
import { placeOrder } from './place-order';
import {
  clearTpsl,
  type HoldingTrigger,
  replaceTpsl,
  type TpslKind,
  type TpslRow,
  tpslById,
} from './tpsl-rows';

/*
 * Take profit and stop loss on a stock holding (DESIGN.md §7, decision 013): setting them, and what happens
 * when the last price reaches one. A level reached sells every available (settled, not frozen) share at
 * market, in an order the system places whose state is system_close; shares still locked until settlement
 * or frozen in a resting sell are not sold then, and the levels stay armed for them.
 */

/** The user's shares of a symbol by ledger account. */
export async function sharesOf(q: Queryable, userId: number, symbol: string) {
  const rows = await q.query<{ purpose: string; balance: bigint }>(
    `select purpose, balance from accounts
      where owner_type = 'user' and owner_id = $1 and asset = $2 and purpose in ('spot', 'locked', 'frozen')`,
    [userId, symbol],
  );
  const of = (p: string) => rows.find((r) => r.purpose === p)?.balance ?? 0n;
  const available = of('spot');
  return { available, held: available + of('locked') + of('frozen') };
}

function levelOf(text: string | undefined, instrument: Instrument): bigint | null {
  if (text === undefined) return null;
  const tick = () =>
    new Refusal('tpsl.priceTick', [formatAmount(instrument.tickSize, instrument.priceScale)]);
  const level = parseAmount(text, instrument.priceScale);
  if (level === null) throw tick();
  if (level > 0n && level % instrument.tickSize !== 0n) throw tick();
  return level;
}

/**
 * Checks and stores a holding's levels in the caller's transaction, replacing what was armed (both absent
 * clears them): the user must hold shares, each level must be on the tick, the take profit above the last
 * price and the stop loss below it. Answers the row replaced (to disarm) and the new one (to arm).
 */
export async function setTpsl(
  q: Queryable,
  services: Services,
  r: { userId: number; instrument: Instrument; takeProfit?: string; stopLoss?: string; nowMs: number },
): Promise<{ replaced?: TpslRow; armed?: TpslRow }> {
  const { instrument } = r;
  const takeProfit = levelOf(r.takeProfit, instrument);
  const stopLoss = levelOf(r.stopLoss, instrument);
  // Two saves of one user's levels at once (a double tap) take turns: the second replaces the first's row
  // instead of colliding with it. The user row, not the holding's, so a firing level (which locks its row,
  // then the holding) and a save never wait on each other in opposite orders.
  await q.query('select id from users where id = $1 for update', [r.userId]);
  const { held } = await sharesOf(q, r.userId, instrument.symbol);
  const clearing = takeProfit === null && stopLoss === null;
  if (held === 0n && !clearing) throw new Refusal('tpsl.noHolding', [instrument.symbol]);
  if (!clearing) {
    const last = await services.market.quote(instrument.symbol, r.nowMs).then(
      (quote) => quote.last,
      (err: unknown) => {
        if (err instanceof MarketUnavailable) throw new Refusal('market.unavailable', [err.symbol]);
        throw err;
      },
    );
    const failure = checkProtection('long', last, takeProfit, stopLoss);
    if (failure) {
      const price = formatAmount(last, instrument.priceScale);
      if (failure.failure === 'order.takeProfitSide') throw new Refusal('tpsl.takeProfitSide', [price]);
      if (failure.failure === 'order.stopLossSide') throw new Refusal('tpsl.stopLossSide', [price]);
      throw new Refusal(failure.failure);
    }
  }
  const replaced = await clearTpsl(q, r.userId, instrument.symbol);
  const armed = await replaceTpsl(q, {
    userId: r.userId,
    symbol: instrument.symbol,
    takeProfit,
    stopLoss,
    nowMs: r.nowMs,
  });
  return { ...(replaced ? { replaced } : {}), ...(armed ? { armed } : {}) };
}

/**
 * What became of a fired trigger: `order` when shares were sold; `armed` the row whose levels are still in
 * force (undefined once cleared); `refile` whether to put them back in the index now (available shares
 * remain) — otherwise they wait for shares to become available (a lot settles, a resting sell is cancelled).
 */
export interface FireOutcome {
  order?: OrderRow;
  armed?: TpslRow;
  refile: boolean;
}

/**
 * Acts on a trigger the index fired at `price`, in one transaction: re-reads its row (a stale trigger does
 * nothing), sells the available shares at market as an order of the system, records which level fired,
 * and clears the levels once the holding has no shares left. A refusal of the sale (market closed, no bid,
 * feed down) rolls it back and keeps the levels armed, to be tried again on the next tick.
 */
export async function fireTpsl(
  services: Services,
  trigger: HoldingTrigger,
  price: bigint,
  nowMs: number,
): Promise<FireOutcome> {
  try {
    return await services.db.tx(async (q) => {
      const row = await tpslById(q, trigger.tpslId, true);
      const level = trigger.kind === 'take_profit' ? row?.takeProfit : row?.stopLoss;
      if (!row || level !== trigger.level) return { refile: false };
      const { available, held } = await sharesOf(q, row.userId, row.symbol);
      if (held === 0n) {
        await clearTpsl(q, row.userId, row.symbol);
        return { refile: false };
      }
      if (available === 0n) return { armed: row, refile: false };
      const instrument = services.market.instrument(row.symbol) as Instrument;
      const order = await placeOrder(q, services, {
        userId: row.userId,
        side: 'sell',
        symbol: row.symbol,
        type: 'market',
        quantity: formatAmount(available, instrument.quantityScale),
        nowMs,
      });
      await q.query(`update stock_orders set state = 'system_close' where id = $1`, [order.id]);
      order.state = 'system_close';
      await q.query(
        `insert into stock_tpsl_fires (order_id, user_id, symbol, kind, level, price, fired_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [order.id, row.userId, row.symbol, trigger.kind, level, price, new Date(nowMs)],
      );
      const after = await sharesOf(q, row.userId, row.symbol);
      if (after.held === 0n) {
        await clearTpsl(q, row.userId, row.symbol);
        return { order, refile: false };
      }
      return { order, armed: row, refile: after.available > 0n };
    });
  } catch (err) {
    if (err instanceof Refusal) return { armed: await tpslById(services.db, trigger.tpslId), refile: true };
    throw err;
  }
}

/**
 * Clears a holding's levels once a sale left no share of it, so a later purchase starts with none armed;
 * answers the row cleared, whose triggers the engine drops once the transaction has committed.
 */
export async function clearIfSoldOut(
  q: Queryable,
  userId: number,
  symbol: string,
): Promise<TpslRow | undefined> {
  const { held } = await sharesOf(q, userId, symbol);
  return held === 0n ? clearTpsl(q, userId, symbol) : undefined;
}

/** The level that placed an order, as the order's details show it; null for an order the user placed. */
export async function triggerOfOrder(
  q: Queryable,
  services: Services,
  orderId: bigint,
): Promise<OrderTriggerView | null> {
  const [fire] = await q.query<{
    symbol: string;
    kind: TpslKind;
    level: bigint;
    price: bigint;
    firedAt: Date;
  }>(`select symbol, kind, level, price, fired_at as "firedAt" from stock_tpsl_fires where order_id = $1`, [
    orderId,
  ]);
  const instrument = fire && services.market.instrument(fire.symbol);
  if (!fire || !instrument) return null;
  return {
    kind: fire.kind,
    level: formatAmount(fire.level, instrument.priceScale),
    price: formatAmount(fire.price, instrument.priceScale),
    firedAt: fire.firedAt.getTime(),
  };
}
