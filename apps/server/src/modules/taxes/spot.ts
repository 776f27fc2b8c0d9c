import { gainKindOfCoin } from '@piazza/core/tax/rates';
import type { Queryable } from '../../db/db';
import { costReleased, isBook, withholdOnSale } from './gains';

/*
 * Spot fills (stock and crypto, modules/trading order-fills.ts): a sale realises its result against the weighted
 * average cost. A share's cost is the holding's own (stock_positions, which counts fees and IPO or block
 * deliveries); a coin's is kept here from the buys the platform filled (tax_crypto_basis), since coins also
 * arrive by deposit: what is sold beyond the basis has no documented cost and counts at zero (decision 048).
 */

export interface SpotFill {
  userId: number;
  product: 'stock' | 'coin';
  side: 'buy' | 'sell';
  orderId: bigint | number;
  seq: number;
  symbol: string;
  /** The ledger asset delivered: the share's symbol, or the pair's coin. */
  asset: string;
  currency: string;
  /** In ledger units of the asset. */
  quantity: bigint;
  value: bigint;
  fee: bigint;
  nowMs: number;
  actor: { type: 'user' | 'job'; id?: string };
}

/**
 * Called for each fill in its transaction: a buy of coins adds to their basis; a sale releases its cost and
 * withholds the tax on its gain. For shares it runs before the holding's cost is reduced.
 */
export async function taxSpotFill(q: Queryable, f: SpotFill): Promise<void> {
  if (await isBook(q, f.userId)) return;
  if (f.product === 'coin' && f.side === 'buy') {
    await q.query(
      `insert into tax_crypto_basis (user_id, asset, currency, quantity, cost) values ($1, $2, $3, $4, $5)
       on conflict (user_id, asset, currency)
       do update set quantity = tax_crypto_basis.quantity + $4, cost = tax_crypto_basis.cost + $5`,
      [f.userId, f.asset, f.currency, f.quantity, f.value + f.fee],
    );
    return;
  }
  if (f.side === 'buy') return;
  let cost: bigint;
  if (f.product === 'stock') {
    const [held] = await q.query<{ quantity: bigint; cost: bigint }>(
      'select quantity, cost from stock_positions where user_id = $1 and symbol = $2 for update',
      [f.userId, f.symbol],
    );
    cost = held ? costReleased(held, f.quantity) : 0n;
  } else {
    const [basis] = await q.query<{ quantity: bigint; cost: bigint }>(
      `select quantity, cost from tax_crypto_basis where user_id = $1 and asset = $2 and currency = $3
        for update`,
      [f.userId, f.asset, f.currency],
    );
    const held = basis ?? { quantity: 0n, cost: 0n };
    const covered = f.quantity < held.quantity ? f.quantity : held.quantity;
    cost = costReleased(held, covered);
    if (basis)
      await q.query(
        `update tax_crypto_basis set quantity = quantity - $4, cost = cost - $5
          where user_id = $1 and asset = $2 and currency = $3`,
        [f.userId, f.asset, f.currency, covered, cost],
      );
  }
  await withholdOnSale(q, {
    userId: f.userId,
    source: f.product === 'stock' ? 'stock_fill' : 'coin_fill',
    sourceRef: `${f.orderId}:${f.seq}`,
    kind: f.product === 'stock' ? 'shares' : gainKindOfCoin(f.asset),
    instrument: f.product === 'stock' ? f.symbol : f.asset,
    currency: f.currency,
    proceeds: f.value,
    fees: f.fee,
    cost,
    nowMs: f.nowMs,
    actor: f.actor,
  });
}
