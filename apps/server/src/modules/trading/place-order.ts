import type { OrderType } from '@piazza/contract/calls/trading-shapes';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { buyCost } from '@piazza/core/trading/fees';
import { fillLimit, fillMarket, type OrderBook, type Side, tradeValue } from '@piazza/core/trading/fills';
import { checkOrder, type OrderFailure } from '@piazza/core/trading/order-rules';
import { checkStop } from '@piazza/core/trading/stop-rules';
import type { Queryable } from '../../db/db';
import { balanceOf } from '../../ledger/post';
import { calendarFor } from '../../market/calendar/calendar-for';
import type { Instrument } from '../../market/instrument';
import { MarketUnavailable } from '../../market/market-service';
import { countOrder } from '../../platform/metrics';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import {
  applyFills,
  deliveryOf,
  freezeForOrder,
  orderSettingsOf,
  scalesOf,
  settleState,
} from './order-fills';
import { coverFromEuros, placedWithoutFx } from './order-fx';
import { type OrderRow, orderColumns } from './order-rows';
import { feePinParams, orderLimitsOf } from './settings';

export interface Ticket {
  userId: number;
  side: Side;
  symbol: string;
  type: OrderType;
  quantity: string;
  price?: string | undefined;
  /** The stop price of a stop or stop-limit order (decision 056). */
  stopPrice?: string | undefined;
  /** A buy whose currency falls short is paid from EUR, exchanged in the order's transaction (decision 057). */
  payFrom?: 'EUR' | undefined;
  nowMs: number;
  /** A share (the default) or a coin pair (decision 016): the same path, told apart on the order row. */
  product?: 'stock' | 'coin';
}

/** A stock of the catalogue, or a refusal naming the symbol. */
export function stockOf(services: Services, symbol: string): Instrument {
  const instrument = services.market.instrument(symbol);
  if (instrument?.kind !== 'stock') throw new Refusal('order.unknownSymbol', [symbol]);
  return instrument;
}

/** A crypto pair of the catalogue (BTCUSDT), or a refusal naming the symbol. */
export function coinPairOf(services: Services, symbol: string): Instrument {
  const instrument = services.market.instrument(symbol);
  if (instrument?.kind !== 'crypto' || !instrument.listed) throw new Refusal('coin.unknownPair', [symbol]);
  return instrument;
}

/** The quote and book now, or the market's refusal when the feed cannot answer (orders and contracts alike). */
export async function marketNow(services: Services, symbol: string, nowMs: number) {
  try {
    const [quote, book] = await Promise.all([
      services.market.quote(symbol, nowMs),
      services.market.book(symbol, 20, nowMs),
    ]);
    return { quote, book };
  } catch (err) {
    if (err instanceof MarketUnavailable) throw new Refusal('market.unavailable', [err.symbol]);
    throw err;
  }
}

export function refusalOf(f: OrderFailure, instrument: Instrument, currencyScale: number): Refusal {
  if (!('bound' in f)) return new Refusal(f.failure);
  const scale =
    f.failure === 'order.limitPriceTick'
      ? instrument.priceScale
      : f.failure === 'order.amountMin' || f.failure === 'order.amountMax'
        ? currencyScale
        : instrument.quantityScale;
  return new Refusal(f.failure, [formatAmount(f.bound, scale)]);
}

/** When a closed market opens again, as the refusal of a market order says it: a date and a time in Milan. */
export function nextOpenOf(instrument: Instrument, nowMs: number): [string, string] | null {
  const open = calendarFor(instrument.calendar).nextSession(nowMs)?.open;
  if (open === undefined) return null;
  const at = new Date(open);
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return [day, time];
}

/** A price of the ticket in minor units, or the tick refusal named by `key`. */
function priceOf(text: string | undefined, instrument: Instrument, key: string): bigint | null {
  if (text === undefined) return null;
  const price = parseAmount(text, instrument.priceScale);
  if (price === null) throw new Refusal(key, [formatAmount(instrument.tickSize, instrument.priceScale)]);
  return price;
}

/**
 * Places a spot order in the caller's transaction: checks the ticket (SPEC §5 through checkOrder), freezes
 * a limit order's cost or shares, fills against the book now (a market order across its levels, a limit
 * order as far as its limit allows), posts every fill, and leaves a limit order's rest resting. Any refusal,
 * the ledger's balance.insufficient included, rolls the whole order back.
 */
export async function placeOrder(q: Queryable, services: Services, t: Ticket): Promise<OrderRow> {
  const product = t.product ?? 'stock';
  const instrument = product === 'coin' ? coinPairOf(services, t.symbol) : stockOf(services, t.symbol);
  // The operator's fees, bounds and settlement for this market, as they are now (decision 012), with the
  // currency's scale, and the share made a ledger asset, in the same statement.
  const { settings, currencyScale } = await orderSettingsOf(q, instrument);
  const { quote, book } = await marketNow(services, instrument.symbol, t.nowMs);

  const quantity = parseAmount(t.quantity, instrument.quantityScale);
  if (quantity === null && product === 'coin') {
    throw new Refusal('coin.quantityScale', [
      instrument.baseAsset ?? instrument.symbol,
      instrument.quantityScale,
    ]);
  }
  if (quantity === null)
    throw new Refusal('order.quantityLot', [formatAmount(instrument.lotSize, instrument.quantityScale)]);
  // A stop waits for its stop price and then is a market order, a stop-limit a limit order (decision 056).
  const stops = t.type === 'stop' || t.type === 'stop_limit';
  const limited = t.type === 'limit' || t.type === 'stop_limit';
  const limitPrice = limited ? priceOf(t.price, instrument, 'order.limitPriceTick') : null;
  const stopPrice = stops ? priceOf(t.stopPrice, instrument, 'order.stopPriceTick') : null;
  // A market order cannot wait for the open; the others rest (frozen) until it (decision 057).
  const open = quote.status === 'open';
  if (!open && t.type === 'market' && instrument.listed) {
    const next = nextOpenOf(instrument, t.nowMs);
    throw next ? new Refusal('order.marketClosedUntil', next) : new Refusal('order.marketClosed');
  }

  const bestAsk = book.asks[0]?.price;
  const bestBid = book.bids[0]?.price;
  const delivery = await deliveryOf(q, instrument);
  const available =
    t.side === 'sell'
      ? (await balanceOf(q, {
          ownerType: 'user',
          ownerId: t.userId,
          purpose: 'spot',
          asset: delivery.asset,
        })) / delivery.unit
      : 0n;
  const failure = checkOrder(
    {
      side: t.side,
      // Judged as what it becomes: a stop as a market order, a stop-limit as a limit one.
      type: limited ? 'limit' : 'market',
      quantity,
      limitPrice,
      takeProfit: null,
      stopLoss: null,
    },
    {
      instrument,
      currencyScale,
      marketOpen: open || t.type !== 'market',
      // A stop's amount is judged at its stop price, where it goes to the market.
      marketPrice: stopPrice ?? (t.side === 'buy' ? bestAsk : bestBid) ?? quote.last,
      limits: orderLimitsOf(settings, t.side, instrument),
      availableQuantity: available,
    },
  );
  if (failure) throw refusalOf(failure, instrument, currencyScale);
  if (stops) {
    const wrong = checkStop(t.side, stopPrice, quote.last, instrument.tickSize);
    if (wrong) {
      throw wrong.failure === 'order.stopPriceZero'
        ? new Refusal(wrong.failure)
        : new Refusal(wrong.failure, [formatAmount(wrong.bound, instrument.priceScale)]);
    }
  }

  const now = new Date(t.nowMs);
  // The order and the fees it is placed under (pinned, decision 012), in one statement.
  const [inserted] = await q.query<OrderRow>(
    `with o as (
       insert into stock_orders (user_id, symbol, currency, side, type, state, quantity, limit_price,
                                 created_at, updated_at, product, asset, asset_unit, stop_price)
       values ($1, $2, $3, $4, $5, 'open', $6, $7, $8, $8, $9, $10, $11, $12) returning ${orderColumns}),
     pinned as (
       insert into stock_order_fees (order_id, fee_rate_bp, fee_per_share, fee_per_share_scale, fee_minimum,
                                     fee_maximum)
       select id, $13::integer, $14::bigint, $15::integer, $16::bigint, $17::bigint from o
       on conflict (order_id) do nothing)
     select * from o`,
    [
      t.userId,
      instrument.symbol,
      instrument.currency,
      t.side,
      t.type,
      quantity,
      limitPrice,
      now,
      product,
      delivery.asset,
      delivery.unit,
      stopPrice,
      ...feePinParams(settings.fees),
    ],
  );
  const order = inserted as OrderRow;
  countOrder(q, instrument.currency, t.side);
  const actor = { type: 'user' as const, id: String(t.userId) };

  const walkBook: OrderBook = { bids: book.bids, asks: book.asks };
  const scales = scalesOf(instrument, currencyScale);
  const costAt = (value: bigint, filled: bigint) =>
    buyCost(
      settings.fees,
      { value, quantity: filled },
      { quantityScale: instrument.quantityScale, currencyScale },
    ).total;
  const money = { payFrom: t.payFrom, nowMs: t.nowMs };
  let exchanged = false;
  let execution: ReturnType<typeof fillMarket>;
  if (t.type === 'market') {
    execution = fillMarket(t.side, quantity, walkBook);
    // Nothing on the other side: the order is refused rather than recorded as filled with nothing.
    if (execution.filled === 0n) throw new Refusal('order.noLiquidity');
    if (t.side === 'buy') {
      const cost = costAt(tradeValue(execution.notional, scales), execution.filled);
      exchanged = await coverFromEuros(q, services, order, cost, money);
    }
  } else {
    // A buy freezes its cost at its limit, or a stop at its stop price (what it would pay if the market
    // filled it there; decision 056); a sell its shares or coins.
    const price = (limitPrice ?? stopPrice) as bigint;
    let frozen = quantity * delivery.unit;
    if (t.side === 'buy') {
      frozen = costAt(tradeValue(price * quantity, scales), quantity);
      exchanged = await coverFromEuros(q, services, order, frozen, money);
    }
    await freezeForOrder(q, order, frozen, actor);
    // A stop waits for its price; any order placed while the market is closed waits for the open.
    execution =
      !stops && open && limitPrice !== null
        ? fillLimit(t.side, quantity, limitPrice, walkBook)
        : { fills: [], filled: 0n, unfilled: quantity, notional: 0n };
  }
  await applyFills(q, order, execution.fills, { instrument, currencyScale, nowMs: t.nowMs, actor, settings });
  await settleState(q, order, { nowMs: t.nowMs, actor });
  // Its view need not read back an exchange this order never made (order-fx.ts).
  if (!exchanged) placedWithoutFx.add(order);
  return order;
}
