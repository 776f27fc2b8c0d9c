import { convert, mulDiv, type Rounding } from '../money';

/*
 * How an order meets the market (DESIGN.md §7): a market order takes the book's levels best first, a
 * limit order only those at or better than its limit, and a resting limit order fills when the market
 * trades through it. Prices are integers of the instrument's price minor units, quantities of its quantity
 * minor units. A fill's price × quantity is exact at priceScale + quantityScale decimals (call them
 * notional units); it becomes money once per order, in tradeValue, so a walk over many levels rounds once.
 */

export type Side = 'buy' | 'sell';

/** One price level of a book, or one print of the tape: price and quantity in minor units. */
export interface BookLevel {
  price: bigint;
  quantity: bigint;
}

/** The market's book as the feed gives it: bids and asks, best first (a walk sorts them anyway). */
export interface OrderBook {
  bids: readonly BookLevel[];
  asks: readonly BookLevel[];
}

export interface Fill {
  price: bigint;
  quantity: bigint;
}

/** What an order got from the market. */
export interface Execution {
  /** Best price first, at most one fill per level. */
  fills: Fill[];
  filled: bigint;
  /** What the book could not give: a market order's rest is dropped, a limit order's rests. */
  unfilled: bigint;
  /** Σ price × quantity of the fills, exact, in notional units (priceScale + quantityScale decimals). */
  notional: bigint;
}

/** The decimals of an instrument's prices and quantities, and of the currency it trades in. */
export interface TradeScales {
  priceScale: number;
  quantityScale: number;
  currencyScale: number;
}

/** A market order: takes the asks (a buy) or the bids (a sell) best first until filled or the book ends. */
export function fillMarket(side: Side, quantity: bigint, book: OrderBook): Execution {
  return walk(side, quantity, book, null);
}

/**
 * A limit order as it arrives: takes only the levels at or better than its limit (a buy asks ≤ limit, a
 * sell bids ≥ limit), each at the level's own price, so a person gets any better price on offer; what is
 * left rests on the book.
 */
export function fillLimit(side: Side, quantity: bigint, limitPrice: bigint, book: OrderBook): Execution {
  if (limitPrice <= 0n) throw new RangeError('fillLimit: a limit price is positive');
  return walk(side, quantity, book, limitPrice);
}

/** A limit order resting on the book, with the quantity it still waits for. */
export interface RestingOrder {
  side: Side;
  limitPrice: bigint;
  remaining: bigint;
}

/** What the market did since the last look: a print on the tape, or a new book. */
export type MarketEvent =
  | { kind: 'trade'; price: bigint; quantity: bigint }
  | { kind: 'book'; book: OrderBook };

/**
 * A resting limit order meets the market: it fills when a trade prints at or through its limit (a buy at
 * a price ≤ limit, a sell ≥ limit) or the book offers liquidity there, up to the quantity the market
 * gave (the print's quantity, or the book's quantity at or better than the limit), so a thin market fills
 * it partially. A print exactly at the limit fills too: the simulated market has no queue for the order to
 * wait in, and a person who asks 14.230 expects a fill when 14.230 trades. The fill is at the limit price:
 * a resting order is the maker, and the taker who reached it met its price first. When several orders
 * rest at a price, the engine hands each the liquidity the ones before it left (reduce the print's
 * quantity by what each took, in price–time priority).
 */
export function fillResting(order: RestingOrder, event: MarketEvent): Execution {
  const { side, limitPrice, remaining } = order;
  if (remaining <= 0n) throw new RangeError('fillResting: a resting order waits for a positive quantity');
  if (limitPrice <= 0n) throw new RangeError('fillResting: a limit price is positive');
  let offered = 0n;
  if (event.kind === 'trade') {
    if (offers(event) && atOrBetter(side, event.price, limitPrice)) offered = event.quantity;
  } else {
    for (const level of opposite(side, event.book)) {
      if (offers(level) && atOrBetter(side, level.price, limitPrice)) offered += level.quantity;
    }
  }
  const quantity = offered < remaining ? offered : remaining;
  if (quantity === 0n) return { fills: [], filled: 0n, unfilled: remaining, notional: 0n };
  return {
    fills: [{ price: limitPrice, quantity }],
    filled: quantity,
    unfilled: remaining - quantity,
    notional: limitPrice * quantity,
  };
}

/**
 * The volume-weighted average price of an execution in price minor units, rounded as asked, or null when
 * nothing filled. Exactly, it is notional ÷ filled; keep that fraction when a sum must stay exact.
 */
export function averagePrice(execution: Execution, rounding: Rounding): bigint | null {
  if (execution.filled === 0n) return null;
  return mulDiv(execution.notional, 1n, execution.filled, rounding);
}

/**
 * The money an exact notional is worth, in the currency's minor units, rounded half to even. Neither
 * side is favoured: rounding a buy down and a sale up for the customer would let a round trip at zero
 * fee gain a fraction of a cent each time (buy 1 share at 0.2605 for 0.26, sell it for 0.27), and
 * rounding against the customer would charge for what was not bought. Half-even is unbiased over many
 * trades. Turn a running order's cumulative notional into money each time, never the fills one by one,
 * so an order rounds once however many fills it has.
 */
export function tradeValue(notional: bigint, scales: TradeScales): bigint {
  return convert(notional, scales.priceScale + scales.quantityScale, scales.currencyScale, 'halfEven');
}

/**
 * The money to post with one fill of an order that fills over time: the value of its cumulative notional
 * after the fill less the value before, so the fills of an order add up to the value of the whole, rounded
 * once. Never below zero, since a rounding keeps the order of what it rounds.
 */
export function fillValue(notionalBefore: bigint, notionalAfter: bigint, scales: TradeScales): bigint {
  if (notionalAfter < notionalBefore) throw new RangeError("fillValue: an order's notional only grows");
  return tradeValue(notionalAfter, scales) - tradeValue(notionalBefore, scales);
}

function walk(side: Side, quantity: bigint, book: OrderBook, limitPrice: bigint | null): Execution {
  if (quantity <= 0n) throw new RangeError('a fill needs a positive order quantity');
  const fills: Fill[] = [];
  let left = quantity;
  let notional = 0n;
  for (const level of opposite(side, book)) {
    if (left === 0n) break;
    if (limitPrice !== null && !atOrBetter(side, level.price, limitPrice)) break;
    if (!offers(level)) continue;
    const taken = level.quantity < left ? level.quantity : left;
    fills.push({ price: level.price, quantity: taken });
    notional += level.price * taken;
    left -= taken;
  }
  return { fills, filled: quantity - left, unfilled: left, notional };
}

/** The side of the book an order takes from, best first: asks ascending for a buy, bids descending for a sell. */
function opposite(side: Side, book: OrderBook): BookLevel[] {
  const levels = side === 'buy' ? [...book.asks] : [...book.bids];
  // Sorted here rather than trusted, so a feed that lists a level out of order cannot give a worse price first.
  return levels.sort((a, b) => {
    const ascending = a.price < b.price ? -1 : a.price > b.price ? 1 : 0;
    return side === 'buy' ? ascending : -ascending;
  });
}

/** A level or print a feed reports empty, or at a price of zero or below, offers nothing. */
function offers(level: BookLevel): boolean {
  return level.quantity > 0n && level.price > 0n;
}

/** Whether a price is at the limit or better for the side: no more for a buy, no less for a sell. */
function atOrBetter(side: Side, price: bigint, limitPrice: bigint): boolean {
  return side === 'buy' ? price <= limitPrice : price >= limitPrice;
}
