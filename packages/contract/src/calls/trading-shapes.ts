import { z } from 'zod';

/* What the trading calls answer (calls/trading.ts): orders, fills and holdings, amounts as decimal strings. */

/** Lifecycle of an order: resting (open, partial), filled (position for a buy, closed for a sell), or ended. */
export const orderStates = ['open', 'partial', 'position', 'closed', 'system_close', 'cancelled'] as const;
export type OrderState = (typeof orderStates)[number];
export const orderSides = ['buy', 'sell'] as const;
/** A stop waits for the last price to reach its stop price, then is a market (stop) or limit (stop_limit) order. */
export const orderTypes = ['market', 'limit', 'stop', 'stop_limit'] as const;
export type OrderType = (typeof orderTypes)[number];

const amountText = z.string();

export const orderView = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  currency: z.string(),
  side: z.enum(orderSides),
  type: z.enum(orderTypes),
  state: z.enum(orderStates),
  quantity: amountText,
  filledQuantity: amountText,
  /** Null for a market order. */
  limitPrice: amountText.nullable(),
  /** Volume-weighted price of the fills; null while nothing filled. */
  averagePrice: amountText.nullable(),
  /** Value of the fills in the currency, before the fee. */
  value: amountText,
  fee: amountText,
  /** What a resting buy holds frozen now (currency), or a resting sell (shares); "0" when not resting. */
  frozen: amountText,
  /** The stop price of a stop or stop-limit order (decision 056); null for the others. */
  stopPrice: amountText.nullable(),
  /** When the last price reached the stop; null while it waits (and for orders without a stop). */
  triggeredAt: z.number().int().nullable(),
  /** The automatic exchange that paid a buy in another currency (decision 057); null when none was needed. */
  fx: z
    .object({
      from: z.string(),
      amountIn: amountText,
      amountOut: amountText,
      rate: amountText,
      spreadBp: z.number(),
    })
    .nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type OrderView = z.output<typeof orderView>;

export const fillView = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  symbol: z.string(),
  currency: z.string(),
  side: z.enum(orderSides),
  price: amountText,
  quantity: amountText,
  value: amountText,
  fee: amountText,
  createdAt: z.number().int(),
});
export type FillView = z.output<typeof fillView>;

export const holdView = z.object({
  symbol: z.string(),
  name: z.string(),
  currency: z.string(),
  /** All shares held: available + locked + frozen. */
  quantity: amountText,
  /** Settled and not in an open sell: what may be sold now. */
  available: amountText,
  /** Bought and not yet settled (T+2 Borsa Italiana, T+1 US). */
  locked: amountText,
  /** In resting sell orders. */
  frozen: amountText,
  /** When the earliest locked lot settles; null when nothing is locked. */
  lockedUntil: z.number().int().nullable(),
  /** Average cost per share, fees included, in the currency; null when it cannot be told. */
  averageCost: amountText.nullable(),
  /** Cost of the shares held, fees included. */
  cost: amountText,
  lastPrice: amountText,
  marketValue: amountText,
  /** marketValue − cost. */
  pnl: amountText,
  /** Armed take profit: the last price at or above which the available shares are sold at market; null when none. */
  takeProfit: amountText.nullable(),
  /** Armed stop loss: the last price at or below which the available shares are sold at market; null when none. */
  stopLoss: amountText.nullable(),
});
export type HoldView = z.output<typeof holdView>;

/** The take profit or stop loss that made the system place an order (state system_close). */
export const orderTriggerView = z.object({
  kind: z.enum(['take_profit', 'stop_loss']),
  /** The level that was armed. */
  level: amountText,
  /** The last price that reached it. */
  price: amountText,
  firedAt: z.number().int(),
});
export type OrderTriggerView = z.output<typeof orderTriggerView>;

/** The windows the statistics can be read over. */
export const statisticsPeriods = ['all', '30d'] as const;
export type StatisticsPeriod = (typeof statisticsPeriods)[number];

/** One currency's trading results, all computed from the executed fills (never added across currencies). */
export const currencyStatisticsView = z.object({
  currency: z.string(),
  /** Σ over sell fills of (value − fee − average cost of the shares sold, buy fees included). */
  realisedPnl: amountText,
  /** Σ over holdings of (value at the last price − their average cost); the same whatever the period. */
  unrealisedPnl: amountText,
  /** Fees paid on buys and sells. */
  fees: amountText,
  boughtValue: amountText,
  soldValue: amountText,
  /** Orders placed (every state). */
  orders: z.number().int(),
  fills: z.number().int(),
  /** Sell orders that executed and no longer rest. */
  closedSells: z.number().int(),
  /** Of those, the ones whose realised P&L is above 0. */
  winningSells: z.number().int(),
  /** winningSells ÷ closedSells in percent with 2 decimals; null with no closed sell. */
  winRate: amountText.nullable(),
});
export type CurrencyStatisticsView = z.output<typeof currencyStatisticsView>;

/** The rate at which a buy in `to` is paid from `from` when `to` falls short (decision 057). */
export const orderFxView = z.object({
  from: z.string(),
  to: z.string(),
  /** Units of `to` per unit of `from` after the spread: what the order gets, 8 decimals. */
  rate: amountText,
  /** The market rate before the spread. */
  marketRate: amountText,
  spreadBp: z.number().int(),
  source: z.enum(['market', 'reference']),
});
export type OrderFxView = z.output<typeof orderFxView>;
