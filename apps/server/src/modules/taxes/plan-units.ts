import { taxCurrency } from '@piazza/core/tax/rates';
import type { Queryable } from '../../db/db';
import { scaleOf, taxInstrument } from './fx';
import { costReleased, pooledCost } from './gains';

/*
 * One average cost per instrument per investor (decision 065, amended): the whole shares (`stock_positions`,
 * kept by the trading module) and a savings plan's fractions of the same instrument (`plan_fractions`, the
 * ledger asset `PAC:{symbol}`, decision 063) are one holding for the tax. A sale of whole shares releases the
 * pooled average cost; the trading module then shrinks the shares' own cost by their own average, and the
 * fractions' cost (their tax basis) takes the difference, so that the two costs together stay what the pool has
 * left. The plan's own sale does the same from the other side (savings-plans/fractions.ts). Plans buy euro
 * instruments only, so dollar shares (taxed on their euro basis) have no fractions.
 */

export interface Holding {
  quantity: bigint;
  cost: bigint;
}

export interface PooledSale {
  /** The cost the sale releases for the tax: the pooled average cost of the shares sold. */
  cost: bigint;
  /** What the shares' own average releases (what the trading module takes off `stock_positions`). */
  own: bigint;
  /** The fractions' held, and their cost once the sale has settled the difference; null when none are held. */
  fractions: { held: Holding; costAfter: bigint } | null;
}

/** The plan's fractions of `symbol` the investor holds (`lock` for a sale). */
async function fractionsOf(
  q: Queryable,
  userId: number,
  symbol: string,
  lock: boolean,
): Promise<Holding | null> {
  const [row] = await q.query<Holding>(
    `select quantity, cost from plan_fractions where user_id = $1 and symbol = $2 and quantity > 0
      ${lock ? 'for update' : ''}`,
    [userId, symbol],
  );
  return row ? { quantity: BigInt(row.quantity), cost: BigInt(row.cost) } : null;
}

/**
 * The cost a sale of `quantity` whole shares releases at the average of the shares `held` and the plan's
 * fractions together, read only. `lock` locks the fractions' row for the sale that will write it back.
 */
export async function pooledSale(
  q: Queryable,
  who: { userId: number; symbol: string; currency: string },
  held: Holding,
  quantity: bigint,
  lock: boolean,
): Promise<PooledSale> {
  const fractions = who.currency === taxCurrency ? await fractionsOf(q, who.userId, who.symbol, lock) : null;
  if (!fractions)
    return { cost: costReleased(held, quantity), own: costReleased(held, quantity), fractions: null };
  const shareScale = taxInstrument(who.symbol)?.quantityScale ?? 0;
  const unitScale = await scaleOf(q, `PAC:${who.symbol}`);
  const step = 10n ** BigInt(Math.max(0, unitScale - shareScale));
  const held64 = { quantity: BigInt(held.quantity), cost: BigInt(held.cost) };
  const { cost, own, fractionsCostAfter } = pooledCost(held64, fractions, quantity, step);
  return { cost, own, fractions: { held: fractions, costAfter: fractionsCostAfter as bigint } };
}

/** Writes back the fractions' cost a sale of whole shares settled (in the sale's transaction). */
export async function settleFractionsCost(
  q: Queryable,
  who: { userId: number; symbol: string },
  sale: PooledSale,
): Promise<void> {
  if (!sale.fractions || sale.fractions.costAfter === sale.fractions.held.cost) return;
  await q.query('update plan_fractions set cost = $3 where user_id = $1 and symbol = $2', [
    who.userId,
    who.symbol,
    sale.fractions.costAfter,
  ]);
}
