import type { OrderState, OrderType } from '@piazza/contract/calls/trading-shapes';
import { one, type Queryable } from '../../db/db';

/** One stock_orders row as the services read it (minor units throughout). */
export interface OrderRow {
  id: bigint;
  userId: number;
  symbol: string;
  currency: string;
  side: 'buy' | 'sell';
  /** A stop or stop_limit waits for its stop price; once reached it is rewritten 'market' or 'limit'. */
  type: OrderType;
  state: OrderState;
  quantity: bigint;
  limitPrice: bigint | null;
  filledQuantity: bigint;
  notional: bigint;
  value: bigint;
  fee: bigint;
  frozen: bigint;
  fillCount: number;
  /** 'stock' or 'coin' (migration 080): which calls list the order. */
  product: 'stock' | 'coin';
  /** The ledger asset bought or sold: the symbol for shares (null on older rows), the coin for a pair. */
  asset: string | null;
  /** Ledger minor units of `asset` per quantity minor unit (1 for shares, 1000 for BTC). */
  assetUnit: bigint;
  /** The stop price of a stop or stop-limit order (migration 184); null for the others. */
  stopPrice: bigint | null;
  /** When the last price reached the stop; null while it waits. */
  triggeredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const orderColumns = `id, user_id as "userId", symbol, currency, side, type, state, quantity,
  limit_price as "limitPrice", filled_quantity as "filledQuantity", notional, value, fee, frozen,
  fill_count as "fillCount", product, asset, asset_unit as "assetUnit",
  stop_price as "stopPrice", triggered_at as "triggeredAt", created_at as "createdAt", updated_at as "updatedAt"`;

/** The ledger asset an order moves besides its currency. */
export const assetOf = (o: Pick<OrderRow, 'asset' | 'symbol'>): string => o.asset ?? o.symbol;

/** States in which an order rests on the book and the engine may fill it. */
export const restingStates: readonly OrderState[] = ['open', 'partial'];

/** The order, locked for the rest of the transaction so a fill and a cancel never interleave. */
export async function lockOrder(q: Queryable, id: bigint): Promise<OrderRow | undefined> {
  return one<OrderRow>(q, `select ${orderColumns} from stock_orders where id = $1 for update`, [id]);
}

/** Writes back what fills and cancels change. */
export async function saveOrder(q: Queryable, o: OrderRow, nowMs: number): Promise<void> {
  await q.query(
    `update stock_orders set state = $2, filled_quantity = $3, notional = $4, value = $5, fee = $6,
            frozen = $7, fill_count = $8, updated_at = $9
      where id = $1`,
    [o.id, o.state, o.filledQuantity, o.notional, o.value, o.fee, o.frozen, o.fillCount, new Date(nowMs)],
  );
}
