import { one, type Queryable } from '../../db/db';
import type { PriceTrigger } from '../../platform/engine/trigger-index';

/*
 * Take profit and stop loss of holdings as stored (migration 071) and as the engine's trigger index files
 * them (decision 013). A row is one holding's pair of levels; changing them writes a new row, so a trigger
 * filed under the old id is stale and does nothing when it fires.
 */

export interface TpslRow {
  id: bigint;
  userId: number;
  symbol: string;
  takeProfit: bigint | null;
  stopLoss: bigint | null;
}

export type TpslKind = 'take_profit' | 'stop_loss';

/** A level of a holding in the trigger index: a long holding takes profit rising, stops its loss falling. */
export type HoldingTrigger = PriceTrigger & { kind: TpslKind; tpslId: bigint; userId: number };

const tpslColumns = `id, user_id as "userId", symbol, take_profit as "takeProfit", stop_loss as "stopLoss"`;

/** The armed levels of a holding, if any. */
export function tpslOf(q: Queryable, userId: number, symbol: string): Promise<TpslRow | undefined> {
  return one<TpslRow>(q, `select ${tpslColumns} from stock_tpsl where user_id = $1 and symbol = $2`, [
    userId,
    symbol,
  ]);
}

/** The row by id (a stale id finds nothing); `lock` for the rest of the caller's transaction. */
export function tpslById(q: Queryable, id: bigint, lock = false): Promise<TpslRow | undefined> {
  return one<TpslRow>(q, `select ${tpslColumns} from stock_tpsl where id = $1${lock ? ' for update' : ''}`, [
    id,
  ]);
}

export async function allTpsl(q: Queryable): Promise<TpslRow[]> {
  return q.query<TpslRow>(`select ${tpslColumns} from stock_tpsl order by id`);
}

/** Clears a holding's levels; answers the row that was there. */
export function clearTpsl(q: Queryable, userId: number, symbol: string): Promise<TpslRow | undefined> {
  return one<TpslRow>(
    q,
    `delete from stock_tpsl where user_id = $1 and symbol = $2 returning ${tpslColumns}`,
    [userId, symbol],
  );
}

/** Replaces a holding's levels by a new row (null for both clears them); answers the new row. */
export async function replaceTpsl(
  q: Queryable,
  r: { userId: number; symbol: string; takeProfit: bigint | null; stopLoss: bigint | null; nowMs: number },
): Promise<TpslRow | undefined> {
  await clearTpsl(q, r.userId, r.symbol);
  if (r.takeProfit === null && r.stopLoss === null) return undefined;
  return one<TpslRow>(
    q,
    `insert into stock_tpsl (user_id, symbol, take_profit, stop_loss, updated_at) values ($1, $2, $3, $4, $5)
     returning ${tpslColumns}`,
    [r.userId, r.symbol, r.takeProfit, r.stopLoss, new Date(r.nowMs)],
  );
}

/** The index entries of a row: one per armed level. */
export function triggersOf(row: TpslRow): HoldingTrigger[] {
  const base = { symbol: row.symbol, sequence: row.id, tpslId: row.id, userId: row.userId };
  const triggers: HoldingTrigger[] = [];
  if (row.takeProfit !== null) {
    triggers.push({
      ...base,
      id: `tp:${row.id}`,
      kind: 'take_profit',
      fires: 'at-or-above',
      level: row.takeProfit,
    });
  }
  if (row.stopLoss !== null) {
    triggers.push({
      ...base,
      id: `sl:${row.id}`,
      kind: 'stop_loss',
      fires: 'at-or-below',
      level: row.stopLoss,
    });
  }
  return triggers;
}

/** The ids a row files under, to take them out when its levels change. */
export function triggerIdsOf(row: { id: bigint }): string[] {
  return [`tp:${row.id}`, `sl:${row.id}`];
}
