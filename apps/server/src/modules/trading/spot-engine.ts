import { type BookLevel, fillResting } from '@piazza/core/trading/fills';
import type { Queryable } from '../../db/db';
import { postEntry } from '../../ledger/post';
import { MarketUnavailable, quoteOrNull } from '../../market/market-service';
import { engineLoop } from '../../platform/engine/engine-loop';
import { OrderIndex, type RestingOrder } from '../../platform/engine/order-index';
import { TriggerIndex } from '../../platform/engine/trigger-index';
import { electLeader, leaseError } from '../../platform/lease';
import { publishUserEvent } from '../../realtime/user-events';
import type { Services } from '../../services';
import { applyFills, currencyScaleOf, settleState } from './order-fills';
import { lockOrder, type OrderRow, orderColumns, restingStates } from './order-rows';
import { orderViewOf } from './order-views';
import { type LotRow, lotColumns, lotRefOf, lotSettlementKey } from './stock-lots';
import { armedStops, fireStop, type StopTrigger, stopTriggerId, stopTriggerOf } from './stop-orders';
import { clearIfSoldOut, fireTpsl } from './tpsl';
import { allTpsl, type HoldingTrigger, type TpslRow, tpslOf, triggerIdsOf, triggersOf } from './tpsl-rows';

/*
 * The spot engine (DESIGN.md §7): resting limit orders live in an OrderIndex rebuilt from the database at
 * start; each step reads the book of every symbol that has resting orders and fills what the index says the
 * market reaches, in price–time priority, handing each order the liquidity the ones before it left. Each fill
 * runs in its own transaction that locks and re-reads the order row, so the database stays the truth: an
 * order cancelled meanwhile is skipped and dropped from the index. A settlement step releases shares whose
 * settlement time has passed (locked → spot), once per lot.
 *
 * Started on listen (never in inject-only test apps unless `start` is called), stopped on close. Each process
 * runs its own loop; the row locks keep two of them from filling the same rest twice.
 *
 * Take profit and stop loss of holdings (decision 013) live in a TriggerIndex on the last price, loaded
 * with the orders; each step fires what the last price of each watched symbol reaches and sells the
 * available shares of that holding at market (tpsl.ts), each in its own transaction.
 */

type Resting = RestingOrder & { userId: number };

export interface SpotEngine {
  readonly index: OrderIndex<Resting>;
  /** Take-profit and stop-loss levels of holdings, by the last price. */
  readonly triggers: TriggerIndex<HoldingTrigger>;
  /** Stop prices of stop and stop-limit orders, by the last price (decision 056). */
  readonly stops: TriggerIndex<StopTrigger>;
  /** Files a holding's levels after they were set (`armed`), taking out those they replaced. */
  arm(armed: TpslRow | undefined, replaced?: Pick<TpslRow, 'id'>): void;
  /** Files again the levels of a holding that waited for shares to become available (settled, released). */
  rearm(userId: number, symbol: string): Promise<void>;
  /** Rebuilds the index from every resting order the database holds. */
  load(): Promise<void>;
  /** Files an order after its placement committed, when it rests. */
  track(order: OrderRow): void;
  /** Takes a cancelled order out of the book index and, if it was a stop, out of the stop index. */
  untrack(id: string): void;
  /** One look at the market for every symbol with resting orders; answers how many fills were made. */
  step(nowMs?: number): Promise<number>;
  /** Releases every lot whose settlement time has passed; answers how many. */
  settleDue(nowMs?: number): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

const restingOf = (o: OrderRow): Resting => ({
  id: String(o.id),
  symbol: o.symbol,
  side: o.side,
  price: o.limitPrice as bigint,
  sequence: o.id,
  userId: o.userId,
});

export function createSpotEngine(services: Services): SpotEngine {
  const { db, market, clock, log } = services;
  const index = new OrderIndex<Resting>();
  const symbols = new Set<string>();
  const triggers = new TriggerIndex<HoldingTrigger>();
  const triggerSymbols = new Set<string>();
  const stops = new TriggerIndex<StopTrigger>();
  const stopSymbols = new Set<string>();

  function track(o: OrderRow): void {
    // A stop waits in the stop index until its price is reached; then (a stop-limit) it is tracked again.
    if (o.type === 'stop' || o.type === 'stop_limit') {
      const stop = stopTriggerOf(o);
      if (stop && !stops.has(stop.id)) {
        stops.add(stop);
        stopSymbols.add(stop.symbol);
      }
      return;
    }
    if (!restingStates.includes(o.state) || o.limitPrice === null || index.has(String(o.id))) return;
    index.add(restingOf(o));
    symbols.add(o.symbol);
  }

  async function load(): Promise<void> {
    const rows = await db.query<OrderRow>(
      `select ${orderColumns} from stock_orders
        where state in ('open', 'partial') and limit_price is not null and type = 'limit'`,
    );
    index.load(rows.map(restingOf));
    symbols.clear();
    for (const r of rows) symbols.add(r.symbol);
    const levels = await allTpsl(db);
    triggers.load(levels.flatMap(triggersOf));
    triggerSymbols.clear();
    for (const r of levels) triggerSymbols.add(r.symbol);
    const armed = await armedStops(db);
    stops.load(armed);
    stopSymbols.clear();
    for (const s of armed) stopSymbols.add(s.symbol);
  }

  function untrack(id: string): void {
    index.remove(id);
    stops.remove(stopTriggerId(id));
  }

  function arm(armed: TpslRow | undefined, replaced?: Pick<TpslRow, 'id'>): void {
    if (replaced) for (const id of triggerIdsOf(replaced)) triggers.remove(id);
    if (!armed) return;
    for (const trigger of triggersOf(armed)) if (!triggers.has(trigger.id)) triggers.add(trigger);
    triggerSymbols.add(armed.symbol);
  }

  async function rearm(userId: number, symbol: string): Promise<void> {
    arm(await tpslOf(db, userId, symbol));
  }

  /** Fills one resting order by up to `quantity` at its limit; answers what it took. */
  async function fillOne(
    r: Resting,
    quantity: bigint,
    nowMs: number,
  ): Promise<{ taken: bigint; order?: OrderRow; cleared?: TpslRow }> {
    const instrument = market.instrument(r.symbol);
    if (!instrument) return { taken: 0n };
    return db.tx(async (q: Queryable) => {
      const order = await lockOrder(q, BigInt(r.id));
      if (!order || !restingStates.includes(order.state) || order.limitPrice === null) {
        index.remove(r.id);
        return { taken: 0n };
      }
      const rest = order.quantity - order.filledQuantity;
      const taken = quantity < rest ? quantity : rest;
      if (taken <= 0n) return { taken: 0n };
      const currencyScale = await currencyScaleOf(q, order.currency);
      const actor = { type: 'job' as const, id: 'spot-engine' };
      await applyFills(q, order, [{ price: order.limitPrice, quantity: taken }], {
        instrument,
        currencyScale,
        nowMs,
        actor,
      });
      await settleState(q, order, { nowMs, actor });
      const cleared = order.side === 'sell' ? await clearIfSoldOut(q, order.userId, order.symbol) : undefined;
      return { taken, order, ...(cleared ? { cleared } : {}) };
    });
  }

  async function stepSymbol(symbol: string, nowMs: number): Promise<number> {
    const best = index.best(symbol);
    if (best.buy === undefined && best.sell === undefined) {
      symbols.delete(symbol);
      return 0;
    }
    let quote: Awaited<ReturnType<typeof market.quote>>;
    let book: Awaited<ReturnType<typeof market.book>>;
    try {
      [quote, book] = await Promise.all([market.quote(symbol, nowMs), market.book(symbol, 20, nowMs)]);
    } catch (err) {
      if (err instanceof MarketUnavailable) return 0;
      throw err;
    }
    if (quote.status !== 'open') return 0;
    // What is left at each level as the orders ahead take their part.
    const asks: BookLevel[] = book.asks.map((l) => ({ ...l }));
    const bids: BookLevel[] = book.bids.map((l) => ({ ...l }));
    const noAsk = (best.buy ?? 0n) + 1n;
    const touch = { bid: bids[0]?.price ?? 0n, ask: asks[0]?.price ?? noAsk };
    const crossed = index.crossed(symbol, touch);
    let fills = 0;
    for (const r of [...crossed.buys, ...crossed.sells]) {
      const levels = r.side === 'buy' ? asks : bids;
      const row = await db.query<{ rest: bigint }>(
        'select quantity - filled_quantity as rest from stock_orders where id = $1',
        [BigInt(r.id)],
      );
      const rest = row[0]?.rest ?? 0n;
      if (rest <= 0n) {
        index.remove(r.id);
        continue;
      }
      const offered = fillResting(
        { side: r.side, limitPrice: r.price, remaining: rest },
        { kind: 'book', book: r.side === 'buy' ? { asks: levels, bids: [] } : { bids: levels, asks: [] } },
      );
      if (offered.filled === 0n) continue;
      let done: Awaited<ReturnType<typeof fillOne>>;
      try {
        done = await fillOne(r, offered.filled, nowMs);
      } catch (err) {
        // One order that cannot be filled (a sale whose fee the spot balance cannot pay) holds up no other.
        log.warn({ err, orderId: r.id }, 'resting order not filled');
        continue;
      }
      const { taken, order, cleared } = done;
      if (cleared) arm(undefined, cleared);
      if (taken === 0n || !order) continue;
      fills++;
      consume(r.side, levels, r.price, taken);
      if (!restingStates.includes(order.state)) index.remove(r.id);
      // The same view the order calls answer, so the app's order list takes it as it is.
      orderViewOf(db, services, order)
        .then((view) => publishUserEvent(services.bus, order.userId, 'order', view))
        .catch((err: unknown) => log.warn({ err }, 'order event not published'));
    }
    return fills;
  }

  /** Fires the levels the last price of `symbol` reaches; answers how many sold shares. */
  async function stepTriggers(symbol: string, nowMs: number): Promise<number> {
    const near = triggers.nearest(symbol);
    if (near.above === undefined && near.below === undefined) {
      triggerSymbols.delete(symbol);
      return 0;
    }
    const quote = await quoteOrNull(market, symbol, nowMs);
    if (quote?.status !== 'open') return 0;
    let sold = 0;
    for (const trigger of triggers.fire(symbol, quote.last)) {
      let outcome: Awaited<ReturnType<typeof fireTpsl>>;
      try {
        outcome = await fireTpsl(services, trigger, quote.last, nowMs);
      } catch (err) {
        // Kept armed: tried again on the next step.
        log.warn({ err, trigger: trigger.id }, 'take profit or stop loss not acted on');
        if (!triggers.has(trigger.id)) triggers.add(trigger);
        continue;
      }
      if (outcome.refile) arm(outcome.armed);
      // Cleared: the holding's other level goes too.
      if (!outcome.armed) arm(undefined, { id: trigger.tpslId });
      const { order } = outcome;
      if (!order) continue;
      sold++;
      orderViewOf(db, services, order)
        .then((view) => publishUserEvent(services.bus, order.userId, 'order', view))
        .catch((err: unknown) => log.warn({ err }, 'order event not published'));
    }
    return sold;
  }

  /** Fires the stops the last price of `symbol` reaches; answers how many went to the market. */
  async function stepStops(symbol: string, nowMs: number): Promise<number> {
    const near = stops.nearest(symbol);
    if (near.above === undefined && near.below === undefined) {
      stopSymbols.delete(symbol);
      return 0;
    }
    const quote = await quoteOrNull(market, symbol, nowMs);
    if (quote?.status !== 'open') return 0;
    let fired = 0;
    for (const stop of stops.fire(symbol, quote.last)) {
      let outcome: Awaited<ReturnType<typeof fireStop>>;
      try {
        outcome = await fireStop(services, stop, nowMs);
      } catch (err) {
        log.warn({ err, orderId: String(stop.orderId) }, 'stop order not acted on');
        outcome = { retry: true };
      }
      // Kept armed: tried again on the next step.
      if (outcome.retry && !stops.has(stop.id)) stops.add(stop);
      const { order } = outcome;
      if (!order) continue;
      fired++;
      // A stop-limit that did not fill at once rests as a limit order.
      track(order);
      orderViewOf(db, services, order)
        .then((view) => publishUserEvent(services.bus, order.userId, 'order', view))
        .catch((err: unknown) => log.warn({ err }, 'order event not published'));
    }
    return fired;
  }

  async function step(nowMs = clock.now()): Promise<number> {
    let fills = 0;
    for (const symbol of [...symbols]) fills += await stepSymbol(symbol, nowMs);
    for (const symbol of [...triggerSymbols]) fills += await stepTriggers(symbol, nowMs);
    for (const symbol of [...stopSymbols]) fills += await stepStops(symbol, nowMs);
    return fills;
  }

  async function settleDue(nowMs = clock.now()): Promise<number> {
    const due = await db.query<{ id: bigint }>(
      `select id from stock_lots where settled_at is null and settles_at <= $1 order by settles_at, id limit 500`,
      [new Date(nowMs)],
    );
    let settled = 0;
    const released = new Map<string, { userId: number; symbol: string }>();
    for (const { id } of due) {
      const done = await db.tx(async (q) => {
        const [lot] = await q.query<LotRow & { settledAt: Date | null }>(
          `select ${lotColumns}, settled_at as "settledAt" from stock_lots where id = $1 for update`,
          [id],
        );
        if (!lot || lot.settledAt !== null) return undefined;
        const account = (purpose: 'locked' | 'spot') => ({
          ownerType: 'user' as const,
          ownerId: lot.userId,
          purpose,
          asset: lot.symbol,
        });
        await postEntry(q, {
          billType: 'settlement',
          actor: { type: 'job', id: 'settlement' },
          ref: lotRefOf(lot),
          idempotencyKey: lotSettlementKey(lot),
          postings: [
            { account: account('locked'), amount: -lot.quantity },
            { account: account('spot'), amount: lot.quantity },
          ],
        });
        await q.query('update stock_lots set settled_at = $2 where id = $1', [id, new Date(nowMs)]);
        return lot;
      });
      if (!done) continue;
      settled++;
      released.set(`${done.userId}:${done.symbol}`, { userId: done.userId, symbol: done.symbol });
    }
    // Shares became available: levels waiting for them are watched again, and the app reads afresh.
    for (const { userId, symbol } of released.values()) {
      await rearm(userId, symbol);
      publishUserEvent(services.bus, userId, 'settlement', { symbol }).catch((err: unknown) =>
        log.warn({ err }, 'settlement event not published'),
      );
    }
    return settled;
  }

  // One instance steps (DESIGN.md §13), rebuilding its indexes when it takes the lease; settlement is a job
  // of the runner (trading/jobs.ts), not a step of this loop.
  const { start, stop } = engineLoop(log, 'spot engine step failed', () => step(), 1000, {
    elect: () => electLeader(services.bus, { name: 'engine:spot', onError: leaseError(log) }),
    onLead: load,
  });

  return { index, triggers, stops, load, track, untrack, arm, rearm, step, settleDue, start, stop };
}

/** Takes `quantity` from the levels at or better than the limit, best first. */
function consume(side: 'buy' | 'sell', levels: BookLevel[], limit: bigint, quantity: bigint): void {
  let left = quantity;
  const order = [...levels].sort((a, b) =>
    side === 'buy' ? (a.price < b.price ? -1 : 1) : a.price > b.price ? -1 : 1,
  );
  for (const level of order) {
    if (left === 0n) break;
    if (side === 'buy' ? level.price > limit : level.price < limit) break;
    const take = level.quantity < left ? level.quantity : left;
    level.quantity -= take;
    left -= take;
  }
}
