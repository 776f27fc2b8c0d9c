import { closeOutSelection } from '@piazza/core/trading/margin';
import { MarketUnavailable, quoteOrNull } from '../../market/market-service';
import { engineLoop } from '../../platform/engine/engine-loop';
import { engineNews } from '../../platform/engine/engine-news';
import { type PriceTrigger, type TriggerDirection, TriggerIndex } from '../../platform/engine/trigger-index';
import { electLeader, leaseError } from '../../platform/lease';
import { publishUserEvent } from '../../realtime/user-events';
import type { Services } from '../../services';
import { currencyScaleOf } from '../trading';
import { accountState, marksOf } from './account-state';
import { type CloseReason, type ContractRow, lockContractAccount, openContracts } from './contract-rows';
import { closeContract } from './contract-trade';
import { contractView } from './contract-views';

/*
 * The stock contract engine (DESIGN.md §7): take profit, stop loss and the margin close-out, found per tick
 * through a TriggerIndex of prices, never a scan of every position.
 *
 * Close-out is per account (equity ≤ 50% of the margin required), but prices move per symbol. Each open
 * position gets one close-out trigger at the price where its account reaches close-out through that
 * position's price alone, the rest of the account held at its marks (margin.ts closeOutPrice). For an
 * account with one open position that price is exact until the account changes; the engine re-arms an
 * account's triggers whenever it changes (an open, a close, margin added, a transfer, a trigger moved). An
 * account with several positions also changes when any of their prices moves, so such accounts are listed
 * by symbol and re-evaluated when one of their symbols ticks: the work per tick is the accounts holding
 * the symbol that moved with other positions beside it, plus the triggers reached.
 *
 * A reached trigger is a reason to look, not a verdict: the account is re-read, locked, valued at the marks
 * and closed out by closeOutSelection (largest loss first, until equity is back above half the margin still
 * required); a take profit or stop loss closes its position if it is still open. Every step of an account
 * runs in its own transaction; the database stays the truth and the index is rebuilt from it at start.
 */

type TriggerKind = 'take_profit' | 'stop_loss' | 'close_out';

export type ContractTrigger = PriceTrigger & {
  kind: TriggerKind;
  positionId: bigint;
  userId: number;
  currency: string;
};

export interface ContractEngine {
  readonly index: TriggerIndex<ContractTrigger>;
  /** Arms every open position of the database. */
  load(): Promise<void>;
  /** Re-reads one account (a user and a currency), closing it out if it must, and re-arms its triggers. */
  refresh(userId: number, currency: string, nowMs?: number): Promise<number>;
  /** Re-reads every contract account of a user (after a transfer, say). */
  refreshUser(userId: number, nowMs?: number): Promise<number>;
  /** Counts work that will refresh accounts (a transfer's re-read) among what `idle` waits for. */
  track(work: Promise<unknown>): void;
  /** Resolves once no refresh is running (tests wait on it after a call re-arms its account). */
  idle(): Promise<void>;
  /** One look at the prices of every symbol with open positions; answers how many positions it closed. */
  step(nowMs?: number): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

const accountKey = (userId: number, currency: string) => `${userId}:${currency}`;

const direction = (side: 'long' | 'short', kind: TriggerKind): TriggerDirection =>
  (side === 'long') === (kind === 'take_profit') ? 'at-or-above' : 'at-or-below';

export function createContractEngine(services: Services): ContractEngine {
  const { db, clock, log } = services;
  const index = new TriggerIndex<ContractTrigger>();
  /** Trigger ids armed per account, to disarm them all when it is re-armed. */
  const armed = new Map<string, string[]>();
  /** Accounts with positions in several symbols or several positions, by each symbol they hold. */
  const watched = new Map<string, Set<string>>();
  const watching = new Map<string, string[]>();
  /** Symbols with open positions, and the last price each was seen at. */
  const symbols = new Set<string>();
  const lastSeen = new Map<string, bigint>();

  function disarm(key: string): void {
    for (const id of armed.get(key) ?? []) index.remove(id);
    armed.delete(key);
    for (const symbol of watching.get(key) ?? []) watched.get(symbol)?.delete(key);
    watching.delete(key);
  }

  function arm(key: string, positions: readonly { row: ContractRow; closeOutPrice: bigint | null }[]): void {
    disarm(key);
    const ids: string[] = [];
    const add = (row: ContractRow, kind: TriggerKind, level: bigint | null) => {
      if (level === null || level <= 0n) return;
      const id = `${row.id}:${kind}`;
      index.add({
        id,
        symbol: row.symbol,
        fires: direction(row.side, kind),
        level,
        sequence: row.id,
        kind,
        positionId: row.id,
        userId: row.userId,
        currency: row.currency,
      });
      ids.push(id);
    };
    for (const { row, closeOutPrice } of positions) {
      add(row, 'take_profit', row.takeProfit);
      add(row, 'stop_loss', row.stopLoss);
      add(row, 'close_out', closeOutPrice);
      symbols.add(row.symbol);
    }
    armed.set(key, ids);
    if (positions.length > 1) {
      const held = [...new Set(positions.map((p) => p.row.symbol))];
      for (const symbol of held) {
        const set = watched.get(symbol) ?? new Set<string>();
        set.add(key);
        watched.set(symbol, set);
      }
      watching.set(key, held);
    }
  }

  /**
   * Locks the account, closes it out if its equity is at half the required margin or below, and re-arms
   * what stays open. Answers how many positions were closed.
   */
  const pending = new Set<Promise<unknown>>();

  function track(work: Promise<unknown>): void {
    pending.add(work);
    work.then(
      () => pending.delete(work),
      () => pending.delete(work),
    );
  }

  /** Re-arms an account here and on every other instance (the lease holder may be another one). */
  function refresh(userId: number, currency: string, nowMs = clock.now()): Promise<number> {
    news.announce({ userId, currency });
    return refreshHere(userId, currency, nowMs);
  }

  function refreshHere(userId: number, currency: string, nowMs = clock.now()): Promise<number> {
    const running = refreshAccount(userId, currency, nowMs);
    track(running);
    return running;
  }

  const news = engineNews<{ userId: number; currency: string }>(
    services,
    'engine:stock-contract',
    ({ userId, currency }) => refreshHere(userId, currency),
  );

  async function idle(): Promise<void> {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  }

  async function refreshAccount(userId: number, currency: string, nowMs: number): Promise<number> {
    const key = accountKey(userId, currency);
    const actor = { type: 'job' as const, id: 'contract-engine' };
    const result = await db.tx(async (q) => {
      const balance = await lockContractAccount(q, userId, currency);
      const rows = await openContracts(q, userId, currency, true);
      const currencyScale = await currencyScaleOf(q, currency);
      const marks = await marksOf(
        services,
        rows.map((r) => r.symbol),
        nowMs,
      );
      const state = accountState(services, { currency, currencyScale, balance, rows, marks });
      const closed: ContractRow[] = [];
      if (state.closeOut) {
        // The market must be open to close; a position without a price is not chosen (its P&L is unknown).
        const priced = state.positions.filter((p) => p.mark !== null);
        const chosen = closeOutSelection(
          balance,
          priced.map((p) => ({ pnlMinor: p.pnl, marginMinor: p.row.margin, id: p.row.id })),
        );
        for (const c of chosen) {
          try {
            const row = await closeContract(q, services, c.id, { reason: 'close_out', nowMs, actor });
            if (row) closed.push(row);
          } catch (err) {
            if (err instanceof MarketUnavailable || (err as { key?: string }).key) break;
            throw err;
          }
        }
      }
      if (closed.length === 0) return { closed, positions: state.positions };
      const rest = await openContracts(q, userId, currency);
      const after = accountState(services, {
        currency,
        currencyScale,
        balance: await lockContractAccount(q, userId, currency),
        rows: rest,
        marks,
      });
      return { closed, positions: after.positions };
    });
    arm(key, result.positions);
    announce(result.closed, nowMs);
    return result.closed.length;
  }

  /** Tells each owner's sockets about positions the engine closed, as the calls' own view. */
  function announce(rows: readonly ContractRow[], nowMs: number): void {
    for (const row of rows) {
      contractView(db, services, row, nowMs)
        .then((view) => publishUserEvent(services.bus, row.userId, 'stockContract', view))
        .catch((err: unknown) => log.warn({ err }, 'contract event not published'));
    }
  }

  async function refreshUser(userId: number, nowMs = clock.now()): Promise<number> {
    const rows = await db.query<{ currency: string }>(
      `select distinct currency from stock_contracts where user_id = $1 and state = 'open'`,
      [userId],
    );
    let closed = 0;
    for (const { currency } of rows) closed += await refresh(userId, currency, nowMs);
    return closed;
  }

  async function load(): Promise<void> {
    await news.listen();
    index.load([]);
    armed.clear();
    watched.clear();
    watching.clear();
    symbols.clear();
    const accounts = await db.query<{ userId: number; currency: string }>(
      `select distinct user_id as "userId", currency from stock_contracts where state = 'open'`,
    );
    for (const a of accounts) await refresh(a.userId, a.currency);
  }

  /** Closes one position for its take profit or stop loss, then re-arms its account. */
  async function closeFor(trigger: ContractTrigger, nowMs: number): Promise<number> {
    const reason: CloseReason = trigger.kind === 'take_profit' ? 'take_profit' : 'stop_loss';
    const closed = await db.tx((q) =>
      closeContract(q, services, trigger.positionId, {
        reason,
        nowMs,
        actor: { type: 'job', id: 'contract-engine' },
      }),
    );
    if (closed) announce([closed], nowMs);
    return closed ? 1 : 0;
  }

  async function step(nowMs = clock.now()): Promise<number> {
    let closed = 0;
    const dirty = new Map<string, { userId: number; currency: string }>();
    for (const symbol of [...symbols]) {
      const { above, below } = index.nearest(symbol);
      if (above === undefined && below === undefined && !watched.get(symbol)?.size) {
        symbols.delete(symbol);
        continue;
      }
      const quote = await quoteOrNull(services.market, symbol, nowMs);
      if (quote?.status !== 'open') continue;
      const moved = lastSeen.get(symbol) !== quote.last;
      lastSeen.set(symbol, quote.last);
      for (const trigger of index.fire(symbol, quote.last)) {
        const key = accountKey(trigger.userId, trigger.currency);
        if (trigger.kind !== 'close_out') {
          try {
            closed += await closeFor(trigger, nowMs);
          } catch (err) {
            log.warn({ err, positionId: String(trigger.positionId) }, 'contract trigger not closed');
          }
        }
        dirty.set(key, { userId: trigger.userId, currency: trigger.currency });
      }
      if (moved) {
        for (const key of watched.get(symbol) ?? []) {
          const [userId, currency] = key.split(':') as [string, string];
          dirty.set(key, { userId: Number(userId), currency });
        }
      }
    }
    for (const { userId, currency } of dirty.values()) {
      try {
        closed += await refresh(userId, currency, nowMs);
      } catch (err) {
        log.warn({ err, userId, currency }, 'contract account not refreshed');
      }
    }
    return closed;
  }

  // One instance steps (DESIGN.md §13); it rebuilds the index from the database when it takes the lease.
  const loop = engineLoop(log, 'contract engine step failed', () => step(), 1000, {
    elect: () => electLeader(services.bus, { name: 'engine:stock-contract', onError: leaseError(log) }),
    onLead: load,
  });
  const stop = async () => {
    await loop.stop();
    await news.close();
  };

  return { index, load, refresh, refreshUser, track, idle, step, start: loop.start, stop };
}
