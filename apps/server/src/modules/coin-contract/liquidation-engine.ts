import { isLiquidated } from '@piazza/core/trading/perpetual';
import { one } from '../../db/db';
import { MarketUnavailable, quoteOrNull } from '../../market/market-service';
import { engineLoop } from '../../platform/engine/engine-loop';
import { engineNews } from '../../platform/engine/engine-news';
import { type PriceTrigger, type TriggerDirection, TriggerIndex } from '../../platform/engine/trigger-index';
import { electLeader, leaseError } from '../../platform/lease';
import { publishUserEvent } from '../../realtime/user-events';
import type { Services } from '../../services';
import { type CloseReason, closePosition } from './close-position';
import { fillLimitOpening } from './open-position';
import {
  lockPosition,
  openState,
  type PositionRow,
  positionColumns,
  positionViewOf,
  restingState,
} from './positions';

/*
 * The perpetual contracts' engine (DESIGN.md §7): every open position's liquidation price, take profit and
 * stop loss live in one TriggerIndex on the last price, rebuilt from the database at start (a restart loses
 * no position). Each step asks the last price of every coin that has armed triggers, takes out what that
 * price reaches, O(log n) when nothing fires, and closes each position it names in its own transaction that
 * locks and re-reads the row: a position closed, or a level changed meanwhile (margin added, TP moved), is
 * left alone, since its new levels were armed when they were committed. Resting limit openings live in the
 * same index (`limit_open`): reached, the opening fills whole at its limit and its own triggers are armed.
 *
 * Directions: a long's liquidation and stop loss fire at or below their price, its take profit at or above;
 * a short's the mirror. At one price the index hands a long's stop loss (higher) before its liquidation
 * (lower), so a stop loss the investor set is the close that happens when both are passed at once.
 */

type TriggerKind = 'liquidation' | 'take_profit' | 'stop_loss' | 'limit_open';
export type ContractTrigger = PriceTrigger & { positionId: bigint; kind: TriggerKind };

export interface LiquidationEngine {
  readonly index: TriggerIndex<ContractTrigger>;
  /** Rebuilds the index from every open position and resting limit opening. */
  load(): Promise<void>;
  /** (Re)arms the triggers of a position after its row committed; disarms them once it is closed. */
  track(row: PositionRow): void;
  untrack(positionId: bigint): void;
  /** One look at the last price of every coin with armed triggers; answers how many positions it opened or closed. */
  step(nowMs?: number): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

const kinds: readonly TriggerKind[] = ['liquidation', 'take_profit', 'stop_loss', 'limit_open'];
const reasonOf: Record<Exclude<TriggerKind, 'limit_open'>, CloseReason> = {
  liquidation: 'liquidation',
  take_profit: 'take_profit',
  stop_loss: 'stop_loss',
};

/**
 * The armed triggers of a position: a resting limit opening's limit (a long's fires at or below it, a
 * short's at or above), or an open position's liquidation price, take profit and stop loss.
 */
export function triggersOf(row: PositionRow): ContractTrigger[] {
  if (row.state === restingState && row.limitPrice !== null) {
    const fires: TriggerDirection = row.side === 'long' ? 'at-or-below' : 'at-or-above';
    const { id, symbol, limitPrice: level } = row;
    return [
      { id: `${id}:limit_open`, symbol, fires, level, sequence: id, positionId: id, kind: 'limit_open' },
    ];
  }
  if (row.state !== openState) return [];
  const losing: TriggerDirection = row.side === 'long' ? 'at-or-below' : 'at-or-above';
  const winning: TriggerDirection = row.side === 'long' ? 'at-or-above' : 'at-or-below';
  const levels: Record<Exclude<TriggerKind, 'limit_open'>, [bigint | null, TriggerDirection]> = {
    liquidation: [row.liquidationPrice, losing],
    take_profit: [row.takeProfit, winning],
    stop_loss: [row.stopLoss, losing],
  };
  const out: ContractTrigger[] = [];
  for (const kind of ['liquidation', 'take_profit', 'stop_loss'] as const) {
    const [level, fires] = levels[kind];
    if (level === null) continue;
    out.push({
      id: `${row.id}:${kind}`,
      symbol: row.symbol,
      fires,
      level,
      sequence: row.id,
      positionId: row.id,
      kind,
    });
  }
  return out;
}

/** Whether a fired trigger still stands for the row as it is now. */
function stillArmed(row: PositionRow, t: ContractTrigger, lastPrice: bigint): boolean {
  if (t.kind === 'limit_open') return row.state === restingState && row.limitPrice === t.level;
  if (row.state !== openState) return false;
  switch (t.kind) {
    case 'liquidation':
      return row.liquidationPrice === t.level && isLiquidated(row.side, row.liquidationPrice, lastPrice);
    case 'take_profit':
      return row.takeProfit === t.level;
    case 'stop_loss':
      return row.stopLoss === t.level;
  }
}

export function createLiquidationEngine(services: Services): LiquidationEngine {
  const { db, market, clock, log } = services;
  const index = new TriggerIndex<ContractTrigger>();
  const symbols = new Set<string>();

  function untrack(positionId: bigint): void {
    for (const kind of kinds) index.remove(`${positionId}:${kind}`);
  }

  /** Files a position's triggers here and tells the other instances to file it from its row. */
  function track(row: PositionRow): void {
    trackHere(row);
    news.announce({ id: String(row.id) });
  }

  function trackHere(row: PositionRow): void {
    untrack(row.id);
    for (const t of triggersOf(row)) {
      index.add(t);
      symbols.add(t.symbol);
    }
  }

  const news = engineNews<{ id: string }>(services, 'engine:coin-contract', async ({ id }) => {
    const row = await one<PositionRow>(
      db,
      `select ${positionColumns} from coin_contract_positions where id = $1`,
      [BigInt(id)],
    );
    if (row) trackHere(row);
  });

  async function load(): Promise<void> {
    await news.listen();
    const rows = await db.query<PositionRow>(
      `select ${positionColumns} from coin_contract_positions where state in ('${restingState}', '${openState}')`,
    );
    index.load(rows.flatMap(triggersOf));
    symbols.clear();
    for (const r of rows) symbols.add(r.symbol);
  }

  async function stepSymbol(symbol: string, nowMs: number): Promise<number> {
    const instrument = market.instrument(symbol);
    const near = index.nearest(symbol);
    if (!instrument || (near.above === undefined && near.below === undefined)) {
      symbols.delete(symbol);
      return 0;
    }
    const quote = await quoteOrNull(market, symbol, nowMs);
    if (quote?.status !== 'open') return 0;
    const last = quote.last;
    const fired = index.fire(symbol, last);
    if (fired.length === 0) return 0;
    let book: Awaited<ReturnType<typeof market.book>> | null = null;
    try {
      book = await market.book(symbol, 20, nowMs);
    } catch (err) {
      if (!(err instanceof MarketUnavailable)) throw err;
    }
    let closed = 0;
    const done = new Set<bigint>();
    for (const t of fired) {
      if (done.has(t.positionId)) continue;
      try {
        const row = await db.tx(async (q) => {
          const p = await lockPosition(q, t.positionId);
          if (!p || !stillArmed(p, t, last)) return null;
          if (t.kind === 'limit_open') {
            await fillLimitOpening(q, p, nowMs);
            return p;
          }
          await closePosition(q, p, {
            instrument,
            book: book ? { bids: book.bids, asks: book.asks } : { bids: [], asks: [] },
            markPrice: last,
            reason: reasonOf[t.kind],
            nowMs,
            actor: { type: 'job', id: 'liquidation-engine' },
          });
          return p;
        });
        if (!row) continue;
        done.add(row.id);
        // A filled limit opening now arms its liquidation price, TP and SL; a closed position disarms.
        track(row);
        closed++;
        publishUserEvent(services.bus, row.userId, 'contract', positionViewOf(row, instrument, last)).catch(
          (err: unknown) => log.warn({ err }, 'contract event not published'),
        );
      } catch (err) {
        // Armed again, so the next step retries; one position that cannot close holds up no other.
        log.warn({ err, positionId: String(t.positionId) }, 'contract trigger not executed');
        if (!index.has(t.id)) index.add(t);
      }
    }
    return closed;
  }

  async function step(nowMs = clock.now()): Promise<number> {
    let closed = 0;
    for (const symbol of [...symbols]) closed += await stepSymbol(symbol, nowMs);
    return closed;
  }

  // One instance steps (DESIGN.md §13); it rebuilds the index from the database when it takes the lease.
  const loop = engineLoop(log, 'liquidation engine step failed', () => step(), 1000, {
    elect: () => electLeader(services.bus, { name: 'engine:coin-contract', onError: leaseError(log) }),
    onLead: load,
  });
  const stop = async () => {
    await loop.stop();
    await news.close();
  };

  return { index, load, track, untrack, step, start: loop.start, stop };
}
