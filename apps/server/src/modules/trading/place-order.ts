import { formatAmount, parseAmount } from '@piazza/core/money';
import { buyCost } from '@piazza/core/trading/fees';
import { fillLimit, fillMarket, type OrderBook, type Side, tradeValue } from '@piazza/core/trading/fills';
import { checkOrder, type OrderFailure, type OrderType } from '@piazza/core/trading/order-rules';
import type { Queryable } from '../../db/db';
import { balanceOf } from '../../ledger/post';
import type { Instrument } from '../../market/instrument';
import { MarketUnavailable } from '../../market/market-service';
import { countOrder } from '../../platform/metrics';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import {
  applyFills,
  currencyScaleOf,
  deliveryOf,
  freezeForOrder,
  scalesOf,
  settleState,
} from './order-fills';
import { type OrderRow, orderColumns } from './order-rows';
import { orderLimitsOf, pinOrderFees, tradingSettingsFor } from './settings';

export interface Ticket {
  userId: number;
  side: Side;
  symbol: string;
  type: OrderType;
  quantity: string;
  price?: string | undefined;
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

function refusalOf(f: OrderFailure, instrument: Instrument, currencyScale: number): Refusal {
  if (!('bound' in f)) return new Refusal(f.failure);
  const scale =
    f.failure === 'order.limitPriceTick'
      ? instrument.priceScale
      : f.failure === 'order.amountMin' || f.failure === 'order.amountMax'
        ? currencyScale
        : instrument.quantityScale;
  return new Refusal(f.failure, [formatAmount(f.bound, scale)]);
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
  const currencyScale = await currencyScaleOf(q, instrument.currency);
  // The operator's fees, bounds and settlement for this market, as they are now (decision 012).
  const settings = await tradingSettingsFor(q, instrument);
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
  let limitPrice: bigint | null = null;
  if (t.type === 'limit' && t.price !== undefined) {
    limitPrice = parseAmount(t.price, instrument.priceScale);
    if (limitPrice === null) {
      throw new Refusal('order.limitPriceTick', [formatAmount(instrument.tickSize, instrument.priceScale)]);
    }
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
    { side: t.side, type: t.type, quantity, limitPrice, takeProfit: null, stopLoss: null },
    {
      instrument,
      currencyScale,
      marketOpen: quote.status === 'open',
      marketPrice: (t.side === 'buy' ? bestAsk : bestBid) ?? quote.last,
      limits: orderLimitsOf(settings, t.side, instrument),
      availableQuantity: available,
    },
  );
  if (failure) throw refusalOf(failure, instrument, currencyScale);

  const now = new Date(t.nowMs);
  const [inserted] = await q.query<OrderRow>(
    `insert into stock_orders (user_id, symbol, currency, side, type, state, quantity, limit_price,
                               created_at, updated_at, product, asset, asset_unit)
     values ($1, $2, $3, $4, $5, 'open', $6, $7, $8, $8, $9, $10, $11) returning ${orderColumns}`,
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
    ],
  );
  const order = inserted as OrderRow;
  countOrder(q, instrument.currency, t.side);
  await pinOrderFees(q, order.id, settings.fees);
  const actor = { type: 'user' as const, id: String(t.userId) };

  const walkBook: OrderBook = { bids: book.bids, asks: book.asks };
  let execution: ReturnType<typeof fillMarket>;
  if (limitPrice === null) {
    execution = fillMarket(t.side, quantity, walkBook);
    // Nothing on the other side: the order is refused rather than recorded as filled with nothing.
    if (execution.filled === 0n) throw new Refusal('order.noLiquidity');
  } else {
    const scales = scalesOf(instrument, currencyScale);
    const frozen =
      t.side === 'buy'
        ? buyCost(
            settings.fees,
            { value: tradeValue(limitPrice * quantity, scales), quantity },
            { quantityScale: instrument.quantityScale, currencyScale },
          ).total
        : quantity * delivery.unit;
    await freezeForOrder(q, order, frozen, actor);
    execution = fillLimit(t.side, quantity, limitPrice, walkBook);
  }
  await applyFills(q, order, execution.fills, { instrument, currencyScale, nowMs: t.nowMs, actor, settings });
  await settleState(q, order, { nowMs: t.nowMs, actor });
  return order;
}
