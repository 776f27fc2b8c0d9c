import type { FillView, HoldView, OrderState, OrderView } from '@piazza/contract/calls/trading-shapes';
import { formatAmount, mulDiv } from '@piazza/core/money';
import { tradeValue } from '@piazza/core/trading/fills';
import type { Queryable } from '../../db/db';
import { pagedRows } from '../../kit/paging';
import type { Instrument } from '../../market/instrument';
import { MarketUnavailable } from '../../market/market-service';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { currencyScaleOf, scalesOf } from './order-fills';
import { orderFxOf, placedWithoutFx } from './order-fx';
import { type OrderRow, orderColumns } from './order-rows';
import { tpslOf } from './tpsl-rows';

/* Orders, fills and holdings as the calls answer them: minor units turned into decimal strings. */

async function scalesFor(q: Queryable, services: Services, symbol: string) {
  const instrument = services.market.instrument(symbol);
  if (!instrument) throw new Refusal('order.unknownSymbol', [symbol]);
  return { instrument, currencyScale: await currencyScaleOf(q, instrument.currency) };
}

/** The automatic exchange that paid a buy (decision 057), as its view shows it. */
async function fxViewOf(q: Queryable, o: OrderRow): Promise<OrderView['fx']> {
  // An order just placed without an exchange has none to read (it is only made at placement).
  if (placedWithoutFx.has(o)) return null;
  const fx = await orderFxOf(q, o.id);
  if (!fx) return null;
  return {
    from: fx.from,
    amountIn: formatAmount(fx.amountIn, await currencyScaleOf(q, fx.from)),
    amountOut: formatAmount(fx.amountOut, await currencyScaleOf(q, fx.to)),
    rate: fx.rate,
    spreadBp: fx.spreadBp,
  };
}

export async function orderViewOf(q: Queryable, services: Services, o: OrderRow): Promise<OrderView> {
  const { instrument, currencyScale } = await scalesFor(q, services, o.symbol);
  const average = o.filledQuantity > 0n ? mulDiv(o.notional, 1n, o.filledQuantity, 'halfEven') : null;
  // A resting sell freezes ledger units of its asset: shares at their scale, coins at the ledger's (BTC 8).
  const frozenScale =
    o.side === 'buy' ? currencyScale : instrument.quantityScale + o.assetUnit.toString().length - 1;
  return {
    id: Number(o.id),
    symbol: o.symbol,
    name: instrument.name,
    currency: o.currency,
    side: o.side,
    type: o.type,
    state: o.state,
    quantity: formatAmount(o.quantity, instrument.quantityScale),
    filledQuantity: formatAmount(o.filledQuantity, instrument.quantityScale),
    limitPrice: o.limitPrice === null ? null : formatAmount(o.limitPrice, instrument.priceScale),
    averagePrice: average === null ? null : formatAmount(average, instrument.priceScale),
    value: formatAmount(o.value, currencyScale),
    fee: formatAmount(o.fee, currencyScale),
    frozen: formatAmount(o.frozen, frozenScale),
    stopPrice: o.stopPrice === null ? null : formatAmount(o.stopPrice, instrument.priceScale),
    triggeredAt: o.triggeredAt === null ? null : o.triggeredAt.getTime(),
    fx: o.side === 'buy' ? await fxViewOf(q, o) : null,
    createdAt: o.createdAt.getTime(),
    updatedAt: o.updatedAt.getTime(),
  };
}

/** The user's order, or 'order.notFound' (another user's order, or one of the other product, is not found either). */
export async function userOrder(
  q: Queryable,
  userId: number,
  id: number,
  product: OrderRow['product'] = 'stock',
): Promise<OrderRow> {
  const [row] = await q.query<OrderRow>(
    `select ${orderColumns} from stock_orders where id = $1 and user_id = $2 and product = $3`,
    [id, userId, product],
  );
  if (!row) throw new Refusal('order.notFound');
  return row;
}

export async function userOrders(
  q: Queryable,
  services: Services,
  userId: number,
  opts: { state?: OrderState | undefined; page: number; size: number; product?: OrderRow['product'] },
) {
  const where = opts.state ? 'user_id = $1 and product = $2 and state = $3' : 'user_id = $1 and product = $2';
  const product = opts.product ?? 'stock';
  const params: unknown[] = opts.state ? [userId, product, opts.state] : [userId, product];
  const { rows, total } = await pagedRows<OrderRow>(
    q,
    { columns: orderColumns, from: 'stock_orders', where, orderBy: 'id desc', params },
    opts,
  );
  const list: OrderView[] = [];
  for (const r of rows) list.push(await orderViewOf(q, services, r));
  return { list, total, page: opts.page, size: opts.size };
}

interface FillRow {
  id: bigint;
  orderId: bigint;
  symbol: string;
  side: 'buy' | 'sell';
  price: bigint;
  quantity: bigint;
  value: bigint;
  fee: bigint;
  createdAt: Date;
}

async function fillViews(q: Queryable, services: Services, rows: FillRow[]): Promise<FillView[]> {
  const list: FillView[] = [];
  for (const f of rows) {
    const { instrument, currencyScale } = await scalesFor(q, services, f.symbol);
    list.push({
      id: Number(f.id),
      orderId: Number(f.orderId),
      symbol: f.symbol,
      currency: instrument.currency,
      side: f.side,
      price: formatAmount(f.price, instrument.priceScale),
      quantity: formatAmount(f.quantity, instrument.quantityScale),
      value: formatAmount(f.value, currencyScale),
      fee: formatAmount(f.fee, currencyScale),
      createdAt: f.createdAt.getTime(),
    });
  }
  return list;
}

const fillColumns = `id, order_id as "orderId", symbol, side, price, quantity, value, fee, created_at as "createdAt"`;

export async function orderFills(q: Queryable, services: Services, orderId: bigint): Promise<FillView[]> {
  const rows = await q.query<FillRow>(
    `select ${fillColumns} from stock_fills where order_id = $1 order by seq`,
    [orderId],
  );
  return fillViews(q, services, rows);
}

export async function userFills(
  q: Queryable,
  services: Services,
  userId: number,
  opts: { orderId?: number | undefined; page: number; size: number; product?: OrderRow['product'] },
) {
  const ofProduct = 'order_id in (select id from stock_orders where user_id = $1 and product = $2)';
  const where =
    opts.orderId === undefined
      ? `user_id = $1 and ${ofProduct}`
      : `user_id = $1 and ${ofProduct} and order_id = $3`;
  const product = opts.product ?? 'stock';
  const params: unknown[] = opts.orderId === undefined ? [userId, product] : [userId, product, opts.orderId];
  const { rows, total } = await pagedRows<FillRow>(
    q,
    { columns: fillColumns, from: 'stock_fills', where, orderBy: 'id desc', params },
    opts,
  );
  return {
    list: await fillViews(q, services, rows),
    total,
    page: opts.page,
    size: opts.size,
  };
}

/** The user's shares of a symbol by ledger account, and the holding's cost. */
async function holdingOf(q: Queryable, userId: number, symbol: string) {
  const balances = await q.query<{ purpose: string; balance: bigint }>(
    `select purpose, balance from accounts
      where owner_type = 'user' and owner_id = $1 and asset = $2 and purpose in ('spot', 'locked', 'frozen')`,
    [userId, symbol],
  );
  const of = (p: string) => balances.find((b) => b.purpose === p)?.balance ?? 0n;
  const [position] = await q.query<{ cost: bigint }>(
    'select cost from stock_positions where user_id = $1 and symbol = $2',
    [userId, symbol],
  );
  const [lot] = await q.query<{ until: Date | null }>(
    `select min(settles_at) as until from stock_lots where user_id = $1 and symbol = $2 and settled_at is null`,
    [userId, symbol],
  );
  return {
    available: of('spot'),
    locked: of('locked'),
    frozen: of('frozen'),
    cost: position?.cost ?? 0n,
    lockedUntil: lot?.until ? lot.until.getTime() : null,
  };
}

export async function holdView(
  q: Queryable,
  services: Services,
  userId: number,
  instrument: Instrument,
): Promise<HoldView> {
  const currencyScale = await currencyScaleOf(q, instrument.currency);
  const h = await holdingOf(q, userId, instrument.symbol);
  const quantity = h.available + h.locked + h.frozen;
  const quote = await services.market.quote(instrument.symbol).catch((err: unknown) => {
    if (err instanceof MarketUnavailable) throw new Refusal('market.unavailable', [err.symbol]);
    throw err;
  });
  const scales = scalesOf(instrument, currencyScale);
  const marketValue = tradeValue(quote.last * quantity, scales);
  // Average cost per share at the price's decimals: cost ÷ shares, both turned to whole units.
  const shift = instrument.priceScale + instrument.quantityScale - currencyScale;
  const averageCost =
    quantity === 0n
      ? null
      : shift >= 0
        ? mulDiv(h.cost, 10n ** BigInt(shift), quantity, 'halfEven')
        : mulDiv(h.cost, 1n, quantity * 10n ** BigInt(-shift), 'halfEven');
  const q0 = (v: bigint) => formatAmount(v, instrument.quantityScale);
  const money = (v: bigint) => formatAmount(v, currencyScale);
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    currency: instrument.currency,
    quantity: q0(quantity),
    available: q0(h.available),
    locked: q0(h.locked),
    frozen: q0(h.frozen),
    lockedUntil: h.lockedUntil,
    averageCost: averageCost === null ? null : formatAmount(averageCost, instrument.priceScale),
    cost: money(h.cost),
    lastPrice: formatAmount(quote.last, instrument.priceScale),
    marketValue: money(marketValue),
    pnl: money(marketValue - h.cost),
    ...(await levelsView(q, userId, instrument)),
  };
}

/** The take profit and stop loss armed on a holding, as prices. */
async function levelsView(q: Queryable, userId: number, instrument: Instrument) {
  const row = await tpslOf(q, userId, instrument.symbol);
  const price = (v: bigint | null | undefined) => (v == null ? null : formatAmount(v, instrument.priceScale));
  return { takeProfit: price(row?.takeProfit), stopLoss: price(row?.stopLoss) };
}

/** Every symbol the user holds shares of. */
export async function heldSymbols(q: Queryable, userId: number): Promise<string[]> {
  const rows = await q.query<{ symbol: string }>(
    `select distinct a.asset as symbol from accounts a join assets s on s.code = a.asset
      where a.owner_type = 'user' and a.owner_id = $1 and s.kind = 'security'
        and a.purpose in ('spot', 'locked', 'frozen') and a.balance > 0
      order by a.asset`,
    [userId],
  );
  return rows.map((r) => r.symbol);
}
