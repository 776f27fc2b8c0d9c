import type { OrderFxView } from '@piazza/contract/calls/trading-shapes';
import { formatAmount, mulDiv, type Rate } from '@piazza/core/money';
import { one, type Queryable } from '../../db/db';
import { type AccountRef, balanceOf, postEntry } from '../../ledger/post';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { spreadBp } from '../funding';
import { currencyScaleOf } from './order-fills';
import type { OrderRow } from './order-rows';

/*
 * A US share paid from euros (issue 17 item 9, decision 057). When a buy's currency falls short and the
 * investor asked to pay from EUR, the order exchanges exactly the shortfall, rounded up to the cent of euro,
 * at the exchange page's rate (the market EUR/USD less the operator's spread), in the order's own transaction
 * and before its freeze or fills: spot EUR → platform fx EUR, platform fx USD → spot USD (bill exchange, key
 * stock-order:{id}:fx), the same legs the exchange page posts. What the order then spends is ordinary USD.
 */

const bpBase = 10_000n;

export interface OrderFxRate {
  from: string;
  to: string;
  /** Units of `to` per unit of `from`, spread taken. */
  rate: Rate;
  marketRate: Rate;
  spreadBp: number;
  source: 'market' | 'reference';
}

/** A rate as text with 8 decimals, rounded down (as the exchange page writes it). */
const rateText = (rate: Rate) => formatAmount(mulDiv(rate.num, 10n ** 8n, rate.den, 'down'), 8);

/** EUR → `to` at the market rate less the spread, or the exchange's refusal naming the pair. */
export async function orderFxRate(
  q: Queryable,
  services: Services,
  to: string,
  nowMs: number,
): Promise<OrderFxRate> {
  const from = 'EUR';
  const rates = await services.market.fxRates(nowMs);
  const marketRate = rates.rate(from, to);
  if (!marketRate) throw new Refusal('funding.rate.unavailable', [`${from}/${to}`]);
  const spread = await spreadBp(q);
  const source = rates.quotes().find((x) => x.base === 'EUR' && x.quote === 'USD')?.source ?? 'reference';
  return {
    from,
    to,
    rate: { num: marketRate.num * (bpBase - BigInt(spread)), den: marketRate.den * bpBase },
    marketRate,
    spreadBp: spread,
    source,
  };
}

export function orderFxViewOf(r: OrderFxRate): OrderFxView {
  return {
    from: r.from,
    to: r.to,
    rate: rateText(r.rate),
    marketRate: rateText(r.marketRate),
    spreadBp: r.spreadBp,
    source: r.source,
  };
}

const spot = (userId: number, asset: string): AccountRef => ({
  ownerType: 'user',
  ownerId: userId,
  purpose: 'spot',
  asset,
});
const fx = (asset: string): AccountRef => ({ ownerType: 'platform', ownerId: 0, purpose: 'fx', asset });

/** Orders placed in this process that exchanged nothing: their view answers no exchange without reading one. */
export const placedWithoutFx = new WeakSet<OrderRow>();

/**
 * Makes sure the user's spot balance in the order's currency holds `needed` (minor units): when it does not
 * and the order pays from EUR, exchanges the shortfall in this transaction; when EUR cannot cover it either,
 * refuses naming the euros needed and the rate. Without `payFrom` it does nothing (the ledger refuses a
 * balance that does not suffice, as for any order). Answers whether it exchanged.
 */
export async function coverFromEuros(
  q: Queryable,
  services: Services,
  order: OrderRow,
  needed: bigint,
  r: { payFrom: 'EUR' | undefined; nowMs: number },
): Promise<boolean> {
  if (r.payFrom === undefined || order.currency === r.payFrom) return false;
  const have = await balanceOf(q, spot(order.userId, order.currency));
  const shortfall = needed - have;
  if (shortfall <= 0n) return false;
  const rate = await orderFxRate(q, services, order.currency, r.nowMs);
  const fromDecimals = await currencyScaleOf(q, rate.from);
  const fromScale = 10n ** BigInt(fromDecimals);
  const toScale = 10n ** BigInt(await currencyScaleOf(q, order.currency));
  // Euros in, rounded up so what comes out covers the shortfall; what comes out, rounded down as the page does.
  const amountIn = mulDiv(shortfall, rate.rate.den * fromScale, rate.rate.num * toScale, 'ceil');
  const amountOut = mulDiv(amountIn, rate.rate.num * toScale, rate.rate.den * fromScale, 'floor');
  const euros = await balanceOf(q, spot(order.userId, rate.from));
  if (euros < amountIn) {
    throw new Refusal('order.fxInsufficient', [
      order.currency,
      formatAmount(amountIn, fromDecimals),
      rateText(rate.rate),
    ]);
  }
  await postEntry(q, {
    billType: 'exchange',
    actor: { type: 'user', id: String(order.userId) },
    ref: { type: 'stock_order', id: String(order.id) },
    idempotencyKey: `stock-order:${order.id}:fx`,
    memo: `${rate.from}→${order.currency} at ${rateText(rate.rate)} for the order`,
    postings: [
      { account: spot(order.userId, rate.from), amount: -amountIn },
      { account: fx(rate.from), amount: amountIn },
      { account: fx(order.currency), amount: -amountOut },
      { account: spot(order.userId, order.currency), amount: amountOut },
    ],
  });
  await q.query(
    `insert into stock_order_fx (order_id, user_id, from_asset, to_asset, amount_in, amount_out, rate,
       market_rate, spread_bp, source, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      order.id,
      order.userId,
      rate.from,
      order.currency,
      amountIn,
      amountOut,
      rateText(rate.rate),
      rateText(rate.marketRate),
      rate.spreadBp,
      rate.source,
      new Date(r.nowMs),
    ],
  );
  return true;
}

/** The exchange that paid an order, as its view shows it. */
export async function orderFxOf(q: Queryable, orderId: bigint): Promise<OrderFxRow | undefined> {
  return one<OrderFxRow>(
    q,
    `select from_asset as "from", to_asset as "to", amount_in as "amountIn", amount_out as "amountOut", rate,
            spread_bp as "spreadBp"
       from stock_order_fx where order_id = $1`,
    [orderId],
  );
}

export interface OrderFxRow {
  from: string;
  to: string;
  amountIn: bigint;
  amountOut: bigint;
  rate: string;
  spreadBp: number;
}
