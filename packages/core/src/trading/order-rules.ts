import { type Side, tradeValue } from './fills';

/*
 * The rules an order ticket must pass before it reaches the market (SPEC.md §5, issue 6 item 1). Each
 * check answers null, or the first rule the ticket breaks, in this order of precedence (the names are
 * message keys the server turns into refusals; `bound` is the message's {0}, in the unit the rule names):
 *
 *   order.side               the side is neither buy nor sell
 *   order.type               the type is neither market nor limit
 *   order.notListed          the stock is not listed and cannot be traded
 *   order.marketClosed       the market is closed
 *   order.quantityZero       the quantity is 0 or less
 *   order.quantityLot        the quantity is not a multiple of the minimum lot ({0}: the lot, quantity units)
 *   order.availableZero      a sell, and the available quantity is 0 (all locked until settlement or in orders)
 *   order.quantityAvailable  a sell of more than the available quantity ({0}: what is available)
 *   order.quantityMin        fewer than the minimum shares for the side ({0}: the minimum)
 *   order.quantityMax        more than the maximum shares for the side ({0}: the maximum)
 *   order.limitPriceZero     a limit order without a price above 0
 *   order.limitPriceTick     a limit price off the instrument's tick ({0}: the tick, price units)
 *   order.amountZero         the order's amount rounds to 0 in the currency
 *   order.amountMin          the amount is below the minimum purchase amount ({0}: the minimum, currency units)
 *   order.amountMax          the amount is above the maximum purchase amount ({0}: the maximum, currency units)
 *   order.triggerPriceZero   a take-profit or stop-loss price of 0 or less
 *   order.takeProfitSide     the take profit is not beyond the reference price (long: above; short: below)
 *   order.stopLossSide       the stop loss is not short of the reference price (long: below; short: above)
 *
 * Balance is not checked here: the ledger refuses a posting that would take an account below zero.
 */

export type OrderType = 'market' | 'limit';
export const orderSides = ['buy', 'sell'] as const satisfies readonly Side[];
export const orderTypes = ['market', 'limit'] as const satisfies readonly OrderType[];

export interface OrderTicket {
  side: Side;
  type: OrderType;
  /** Quantity minor units. */
  quantity: bigint;
  /** Price minor units; read only for a limit order. */
  limitPrice: bigint | null;
  /** Price minor units; null when not set. */
  takeProfit: bigint | null;
  stopLoss: bigint | null;
}

/** The instrument as the rules see it (the server's Instrument has these fields and more). */
export interface TradedInstrument {
  listed: boolean;
  priceScale: number;
  /** Price minor units. */
  tickSize: bigint;
  quantityScale: number;
  /** Quantity minor units. */
  lotSize: bigint;
}

/** The operator's bounds for the ticket's side; null where there is none. */
export interface OrderLimits {
  /** Quantity minor units. */
  quantityMin: bigint | null;
  quantityMax: bigint | null;
  /** Currency minor units (the minimum and maximum purchase amount). */
  amountMin: bigint | null;
  amountMax: bigint | null;
}

/** What the server knows when the ticket arrives. */
export interface OrderContext {
  instrument: TradedInstrument;
  currencyScale: number;
  marketOpen: boolean;
  /**
   * Price minor units: where a market order is expected to fill (the best price on the side it takes, or
   * the last); the amount and the take profit and stop loss of a market order are judged against it.
   */
  marketPrice: bigint;
  limits: OrderLimits;
  /** For a sell, quantity minor units free to sell: settled and not in another open sell. */
  availableQuantity: bigint;
}

export type OrderFailure =
  | {
      failure:
        | 'order.side'
        | 'order.type'
        | 'order.notListed'
        | 'order.marketClosed'
        | 'order.quantityZero'
        | 'order.availableZero'
        | 'order.limitPriceZero'
        | 'order.amountZero';
    }
  | {
      failure:
        | 'order.quantityLot'
        | 'order.quantityMin'
        | 'order.quantityMax'
        | 'order.quantityAvailable'
        | 'order.limitPriceTick'
        | 'order.amountMin'
        | 'order.amountMax';
      bound: bigint;
    }
  | ProtectionFailure;

export type ProtectionFailure = {
  failure: 'order.triggerPriceZero' | 'order.takeProfitSide' | 'order.stopLossSide';
};

/** A long position gains when the price rises (a buy, a long contract); a short one when it falls. */
export type Direction = 'long' | 'short';

/** Null when the ticket may go to the market, or the first rule it breaks (see the list above). */
export function checkOrder(ticket: OrderTicket, context: OrderContext): OrderFailure | null {
  const { instrument, limits } = context;
  // Checked although typed: the server may hand over what the wire sent, and a bad side must not pass.
  if (!(orderSides as readonly string[]).includes(ticket.side)) return { failure: 'order.side' };
  if (!(orderTypes as readonly string[]).includes(ticket.type)) return { failure: 'order.type' };
  if (!instrument.listed) return { failure: 'order.notListed' };
  if (!context.marketOpen) return { failure: 'order.marketClosed' };

  const { quantity } = ticket;
  const selling = ticket.side === 'sell';
  if (quantity <= 0n) return { failure: 'order.quantityZero' };
  if (quantity % instrument.lotSize !== 0n) {
    return { failure: 'order.quantityLot', bound: instrument.lotSize };
  }
  if (selling && context.availableQuantity <= 0n) return { failure: 'order.availableZero' };
  if (selling && quantity > context.availableQuantity) {
    return { failure: 'order.quantityAvailable', bound: context.availableQuantity };
  }
  // Selling all that is available is allowed below the minimum, or a small holding could never be sold.
  const wholeHolding = selling && quantity === context.availableQuantity;
  if (limits.quantityMin !== null && quantity < limits.quantityMin && !wholeHolding) {
    return { failure: 'order.quantityMin', bound: limits.quantityMin };
  }
  if (limits.quantityMax !== null && quantity > limits.quantityMax) {
    return { failure: 'order.quantityMax', bound: limits.quantityMax };
  }

  let price = context.marketPrice;
  if (ticket.type === 'limit') {
    if (ticket.limitPrice === null || ticket.limitPrice <= 0n) return { failure: 'order.limitPriceZero' };
    if (ticket.limitPrice % instrument.tickSize !== 0n) {
      return { failure: 'order.limitPriceTick', bound: instrument.tickSize };
    }
    price = ticket.limitPrice;
  }

  const amount =
    price > 0n
      ? tradeValue(price * quantity, {
          priceScale: instrument.priceScale,
          quantityScale: instrument.quantityScale,
          currencyScale: context.currencyScale,
        })
      : 0n;
  if (amount <= 0n) return { failure: 'order.amountZero' };
  if (limits.amountMin !== null && amount < limits.amountMin) {
    return { failure: 'order.amountMin', bound: limits.amountMin };
  }
  if (limits.amountMax !== null && amount > limits.amountMax) {
    return { failure: 'order.amountMax', bound: limits.amountMax };
  }

  return checkProtection(selling ? 'short' : 'long', price, ticket.takeProfit, ticket.stopLoss);
}

/**
 * Null when a take profit and a stop loss sit on the right sides of the reference price (the order's
 * price, or the current price when set on an open position): for a long, the take profit above and the
 * stop loss below; for a short, the reverse. Equal to the reference is wrong too, since it would trigger
 * at once. Either may be null (not set). Contracts and crypto perpetuals share this rule.
 */
export function checkProtection(
  direction: Direction,
  reference: bigint,
  takeProfit: bigint | null,
  stopLoss: bigint | null,
): ProtectionFailure | null {
  if ((takeProfit !== null && takeProfit <= 0n) || (stopLoss !== null && stopLoss <= 0n)) {
    return { failure: 'order.triggerPriceZero' };
  }
  const long = direction === 'long';
  if (takeProfit !== null && (long ? takeProfit <= reference : takeProfit >= reference)) {
    return { failure: 'order.takeProfitSide' };
  }
  if (stopLoss !== null && (long ? stopLoss >= reference : stopLoss <= reference)) {
    return { failure: 'order.stopLossSide' };
  }
  return null;
}
