import type { Rate } from '@piazza/core/money';
import { gainKindOfCoin, gainKindOfSecurity, taxCurrency } from '@piazza/core/tax/rates';
import type { Queryable } from '../../db/db';
import { euroRateAt, scaleOf, taxedInEuro, taxInstrument, toEuro } from './fx';
import { costReleased, isBook, withholdOnSale } from './gains';
import { pooledSale, settleFractionsCost } from './plan-units';

/*
 * Spot fills (stock and crypto, modules/trading order-fills.ts): a sale realises its result against the weighted
 * average cost. A share's cost is the holding's own (stock_positions, which counts fees and IPO or block
 * deliveries); a coin's is kept here from the buys the platform filled (tax_crypto_basis), since coins also
 * arrive by deposit: what is sold beyond the basis has no documented cost and counts at zero (decision 048).
 * A dollar share's cost is also kept in euros (tax_fx_basis, decision 065): each buy at the rate its order
 * exchanged euros at when it did, else at the market EUR/USD of the fill. A coin bought with USDT keeps its euro
 * cost the same way, under the pair's symbol, beside its basis and released with it (USDT counts as one dollar).
 * A savings plan's fractions of the same share count in its average cost (plan-units.ts).
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
  const euro = taxedInEuro(f.currency);
  // A buy of shares in euros keeps no tax record (the holding's cost is the trading module's): nothing to ask.
  if (f.side === 'buy' && f.product === 'stock' && !euro) return;
  if (await isBook(q, f.userId)) return;
  if (f.product === 'coin' && f.side === 'buy') {
    await q.query(
      `insert into tax_crypto_basis (user_id, asset, currency, quantity, cost) values ($1, $2, $3, $4, $5)
       on conflict (user_id, asset, currency)
       do update set quantity = tax_crypto_basis.quantity + $4, cost = tax_crypto_basis.cost + $5`,
      [f.userId, f.asset, f.currency, f.quantity, f.value + f.fee],
    );
  }
  if (f.side === 'buy') {
    if (euro) {
      // A coin's order never exchanges euros: its cost converts at the market EUR/USD of the fill.
      const exchanged = f.product === 'stock' ? await orderRate(q, f.orderId, f.currency) : undefined;
      const rate = exchanged ?? (await euroRateAt(f.currency, f.nowMs));
      const costEur = await toEuro(q, f.value + f.fee, f.currency, rate);
      await q.query(
        `insert into tax_fx_basis (user_id, symbol, currency, quantity, cost, cost_eur)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (user_id, symbol) do update set quantity = tax_fx_basis.quantity + $4,
           cost = tax_fx_basis.cost + $5, cost_eur = tax_fx_basis.cost_eur + $6`,
        [f.userId, f.symbol, f.currency, f.quantity, f.value + f.fee, costEur],
      );
    }
    return;
  }
  let cost: bigint;
  let costEur: bigint | undefined;
  if (f.product === 'stock') {
    const [held] = await q.query<{ quantity: bigint; cost: bigint }>(
      'select quantity, cost from stock_positions where user_id = $1 and symbol = $2 for update',
      [f.userId, f.symbol],
    );
    if (held) {
      // One average cost per instrument: the plan's fractions of it count with the shares (plan-units.ts).
      const sale = await pooledSale(q, f, held, f.quantity, true);
      cost = sale.cost;
      await settleFractionsCost(q, f, sale);
    } else cost = 0n;
    if (euro && held) costEur = await releaseEuroCost(q, f, held);
  } else {
    const [basis] = await q.query<{ quantity: bigint; cost: bigint }>(
      `select quantity, cost from tax_crypto_basis where user_id = $1 and asset = $2 and currency = $3
        for update`,
      [f.userId, f.asset, f.currency],
    );
    const held = basis ?? { quantity: 0n, cost: 0n };
    const covered = f.quantity < held.quantity ? f.quantity : held.quantity;
    cost = costReleased(held, covered);
    // The euro cost goes with the same coins: those beyond the basis count at zero in euros too.
    if (euro && basis) costEur = await releaseEuroCost(q, f, held);
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
    kind:
      f.product === 'stock'
        ? gainKindOfSecurity(taxInstrument(f.symbol)?.assetClass)
        : gainKindOfCoin(f.asset),
    instrument: f.product === 'stock' ? f.symbol : f.asset,
    currency: f.currency,
    proceeds: f.value,
    fees: f.fee,
    cost,
    ...(costEur !== undefined ? { costEur } : {}),
    nowMs: f.nowMs,
    actor: f.actor,
  });
}

/** The rate (dollars per euro) at which the order exchanged euros for its dollars, when it did (decision 057). */
async function orderRate(
  q: Queryable,
  orderId: bigint | number,
  currency: string,
): Promise<Rate | undefined> {
  const [fx] = await q.query<{ amountIn: bigint; amountOut: bigint }>(
    `select amount_in as "amountIn", amount_out as "amountOut" from stock_order_fx
      where order_id = $1 and from_asset = $2 and to_asset = $3`,
    [orderId, taxCurrency, currency],
  );
  if (!fx || BigInt(fx.amountIn) <= 0n || BigInt(fx.amountOut) <= 0n) return undefined;
  const euroUnit = 10n ** BigInt(await scaleOf(q, taxCurrency));
  const unit = 10n ** BigInt(await scaleOf(q, currency));
  return { num: BigInt(fx.amountOut) * euroUnit, den: BigInt(fx.amountIn) * unit };
}

export interface EuroBasis {
  quantity: bigint;
  cost: bigint;
  costEur: bigint;
}

/**
 * A dollar share's euro basis brought to the holding: shares that came without a fill (an offering's delivery, a
 * block trade) join it at their dollar cost converted at `nowMs`'s rate (no currency result on them); shares that
 * left otherwise than by a sale leave it in proportion. `lock` for a sale, which then writes it back.
 */
export async function euroBasisOf(
  q: Queryable,
  who: { userId: number; symbol: string; currency: string; nowMs: number },
  held: { quantity: bigint; cost: bigint },
  lock: boolean,
): Promise<EuroBasis> {
  const [row] = await q.query<{ quantity: bigint; cost: bigint; costEur: bigint }>(
    `select quantity, cost, cost_eur as "costEur" from tax_fx_basis where user_id = $1 and symbol = $2
      ${lock ? 'for update' : ''}`,
    [who.userId, who.symbol],
  );
  const basis = row
    ? { quantity: BigInt(row.quantity), cost: BigInt(row.cost), costEur: BigInt(row.costEur) }
    : { quantity: 0n, cost: 0n, costEur: 0n };
  const heldQuantity = BigInt(held.quantity);
  if (basis.quantity > heldQuantity) {
    const gone = basis.quantity - heldQuantity;
    return {
      quantity: heldQuantity,
      cost: basis.cost - costReleased(basis, gone),
      costEur: basis.costEur - costReleased({ quantity: basis.quantity, cost: basis.costEur }, gone),
    };
  }
  if (basis.quantity < heldQuantity) {
    const extra = BigInt(held.cost) > basis.cost ? BigInt(held.cost) - basis.cost : 0n;
    const rate = await euroRateAt(who.currency, who.nowMs);
    return {
      quantity: heldQuantity,
      cost: basis.cost + extra,
      costEur: basis.costEur + (await toEuro(q, extra, who.currency, rate)),
    };
  }
  return basis;
}

/** The euro cost `quantity` of the basis releases: in proportion, all of what is left with the last share. */
export const euroCostReleased = (basis: EuroBasis, quantity: bigint): bigint =>
  costReleased({ quantity: basis.quantity, cost: basis.costEur }, quantity);

/** The euro cost a sale of a dollar share releases; the basis keeps the rest. */
async function releaseEuroCost(
  q: Queryable,
  f: SpotFill,
  held: { quantity: bigint; cost: bigint },
): Promise<bigint> {
  const basis = await euroBasisOf(q, f, held, true);
  const sold = f.quantity < basis.quantity ? f.quantity : basis.quantity;
  const costEur = euroCostReleased(basis, sold);
  const cost = costReleased(basis, sold);
  await q.query(
    `insert into tax_fx_basis (user_id, symbol, currency, quantity, cost, cost_eur) values ($1, $2, $3, $4, $5, $6)
     on conflict (user_id, symbol) do update set quantity = $4, cost = $5, cost_eur = $6`,
    [f.userId, f.symbol, f.currency, basis.quantity - sold, basis.cost - cost, basis.costEur - costEur],
  );
  return costEur;
}
