import { sharesAvailableAt } from '@piazza/core/trading/settlement';
import type { Queryable } from '../../db/db';
import type { Instrument } from '../../market/instrument';
import { tradingSettingsFor } from './settings';
import { settlementCalendarOf } from './settlement-calendar';

/*
 * Lots of shares waiting for settlement in the `locked` account: a buy's fill, or shares that reach an account
 * another way (an IPO's delivery at listing, a block trade), each settled once by the settlement job.
 */

export type LotSource = 'fill' | 'ipo' | 'block';

export interface LotRow {
  id: bigint;
  source: LotSource;
  /** The fill of a `fill` lot; the subscription or purchase of any other. */
  fillId: bigint | null;
  sourceId: bigint | null;
  userId: number;
  symbol: string;
  quantity: bigint;
}

export const lotColumns = `id, source, fill_id as "fillId", source_id as "sourceId", user_id as "userId", symbol,
  quantity`;

/** The key of a lot's settlement entry: a fill's lot keeps the key it had before other sources existed. */
export function lotSettlementKey(lot: Pick<LotRow, 'source' | 'fillId' | 'sourceId'>): string {
  return lot.source === 'fill'
    ? `stock-lot:${lot.fillId}:settle`
    : `stock-lot:${lot.source}:${lot.sourceId}:settle`;
}

export function lotRefOf(lot: Pick<LotRow, 'source' | 'fillId' | 'sourceId'>): { type: string; id: string } {
  return lot.source === 'fill'
    ? { type: 'stock_lot', id: String(lot.fillId) }
    : { type: `stock_lot_${lot.source}`, id: String(lot.sourceId) };
}

/** The same key, as SQL over a `stock_lots` row aliased `l` (the ledger check's). */
export const lotSettlementKeySql = `case when l.source = 'fill' then 'stock-lot:' || l.fill_id || ':settle'
  else 'stock-lot:' || l.source || ':' || l.source_id || ':settle' end`;

/**
 * Shares credited to `locked` by another module's entry (in the same transaction): they settle on the market's
 * settlement cycle counted from `nowMs` (T+2 in Milan, T+1 in New York), and count in the holding's cost.
 * Answers when they become available.
 */
export async function lockDeliveredShares(
  q: Queryable,
  d: {
    source: Exclude<LotSource, 'fill'>;
    sourceId: bigint | number;
    userId: number;
    instrument: Instrument;
    quantity: bigint;
    /** What the shares cost the investor, in the currency's minor units. */
    cost: bigint;
    nowMs: number;
    /** A lock that ends later than settlement (a block trade's lock period). */
    notBeforeMs?: number;
  },
): Promise<number> {
  const settings = await tradingSettingsFor(q, d.instrument);
  const settles = sharesAvailableAt(
    d.nowMs,
    settings.settlementDays,
    settlementCalendarOf(d.instrument.calendar),
  );
  const settlesAt = Math.max(settles, d.notBeforeMs ?? 0);
  await q.query(
    `insert into stock_lots (source, source_id, user_id, symbol, quantity, settles_at, cost, delivered_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      d.source,
      d.sourceId,
      d.userId,
      d.instrument.symbol,
      d.quantity,
      new Date(settlesAt),
      d.cost,
      new Date(d.nowMs),
    ],
  );
  await q.query(
    `insert into stock_positions (user_id, symbol, quantity, cost) values ($1, $2, $3, $4)
     on conflict (user_id, symbol)
     do update set quantity = stock_positions.quantity + $3, cost = stock_positions.cost + $4`,
    [d.userId, d.instrument.symbol, d.quantity, d.cost],
  );
  return settlesAt;
}
