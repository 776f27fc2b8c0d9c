import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { decimalField, intField, pageFields } from '../fields';
import { listOf } from '../wire';
import {
  currencyStatisticsView,
  fillView,
  holdView,
  orderFxView,
  orderStates,
  orderTriggerView,
  orderTypes,
  orderView,
  statisticsPeriods,
} from './trading-shapes';

/*
 * Stock spot orders and holdings (issue 6 item 1, DESIGN.md §7). Prices, quantities and amounts are decimal
 * strings in the instrument's or currency's own decimals; times are epoch milliseconds. Buy and sell are money
 * calls (requestId): a repeat returns the first answer and moves nothing twice.
 */

const symbolField = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, { error: 'field.required' })
  .max(32, { error: 'field.invalid' })
  .transform((s) => s.toUpperCase());
const idField = intField('field.integer').pipe(z.number().min(1, { error: 'field.integer' }));
const tradePasswordField = z
  .string({ error: 'trade.pin.format' })
  .trim()
  .regex(/^\d{6}$/, { error: 'trade.pin.format' })
  .optional();

const ticketInput = {
  symbol: symbolField,
  type: z.enum(orderTypes, { error: 'order.type' }),
  /** Shares (the instrument's quantity decimals), a multiple of its lot. */
  quantity: decimalField(8, 'order.quantityZero'),
  /** The limit price, required for a limit order (ignored for a market one). */
  price: decimalField(8, 'order.limitPriceZero').optional(),
  /** The stop price of a stop or stop-limit order (decision 056). */
  stopPrice: decimalField(8, 'order.stopPriceZero').optional(),
  /** The transaction password, required when the user has set one. */
  tradePassword: tradePasswordField,
};

/** A buy may name a currency to pay the shortfall from, exchanged in the order's transaction (decision 057). */
const payFromField = z.enum(['EUR'], { error: 'order.payFrom' }).optional();

export const stockOrderBuy = defineMoneyCall({
  method: 'POST',
  path: '/stock/order/buy',
  auth: 'user',
  tag: 'trading',
  summary:
    'Buys shares at market (filled across the book now, any rest dropped) or at a limit (filled now as far as the book allows, the rest resting with its cost frozen).',
  input: { ...ticketInput, payFrom: payFromField },
  output: orderView,
});

export const stockOrderFx = defineCall({
  method: 'GET',
  path: '/stock/order/fx',
  auth: 'user',
  tag: 'trading',
  summary:
    'The rate, spread included, at which a buy in `currency` would be paid from euros when the balance in that currency falls short (the ticket shows it before confirming).',
  input: { currency: z.enum(['USD'], { error: 'field.invalid' }) },
  output: orderFxView,
});

export const stockOrderSell = defineMoneyCall({
  method: 'POST',
  path: '/stock/order/sell',
  auth: 'user',
  tag: 'trading',
  summary: 'Sells available (settled) shares at market or at a limit; a resting sell freezes its shares.',
  input: ticketInput,
  output: orderView,
});

export const stockOrderCancel = defineCall({
  method: 'GET',
  path: '/stock/order/cancel',
  auth: 'user',
  tag: 'trading',
  summary: 'Cancels the unfilled rest of a resting order and releases what it froze.',
  input: { id: idField },
  output: orderView,
});

export const stockOrderList = defineCall({
  method: 'GET',
  path: '/stock/order/list',
  auth: 'user',
  tag: 'trading',
  summary: "The user's stock orders, newest first, optionally of one state.",
  input: { state: z.enum(orderStates, { error: 'field.invalid' }).optional(), ...pageFields },
  output: listOf(orderView),
});

export const stockOrderInfo = defineCall({
  method: 'GET',
  path: '/stock/order/info',
  auth: 'user',
  tag: 'trading',
  summary:
    'One order of the user, with its fills, and the take profit or stop loss that placed it if the system did.',
  input: { id: idField },
  output: orderView.extend({ fills: z.array(fillView), trigger: orderTriggerView.nullable() }),
});

export const stockOrderTradeList = defineCall({
  method: 'POST',
  path: '/stock/order/trade/list',
  auth: 'user',
  tag: 'trading',
  summary: "The user's fills, newest first, optionally of one order.",
  input: { orderId: idField.optional(), ...pageFields },
  output: listOf(fillView),
});

export const stockHoldList = defineCall({
  method: 'GET',
  path: '/stock/hold/list',
  auth: 'user',
  tag: 'trading',
  summary: "The user's holdings valued at the current quote.",
  input: {},
  output: z.object({ list: z.array(holdView) }),
});

export const stockHoldInfo = defineCall({
  method: 'GET',
  path: '/stock/hold/info',
  auth: 'user',
  tag: 'trading',
  summary: 'One holding valued at the current quote (zeros when none is held).',
  input: { symbol: symbolField },
  output: holdView,
});

/** A take-profit or stop-loss price; empty (or absent) leaves that level unset. */
const triggerPriceField = z
  .union([z.literal(''), decimalField(8, 'tpsl.price')], { error: 'tpsl.price' })
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const stockHoldTpsl = defineCall({
  method: 'POST',
  path: '/stock/hold/tpsl',
  auth: 'user',
  tag: 'trading',
  summary:
    'Sets or replaces the take profit and stop loss of a holding (an empty level clears it): when the last price reaches one, the available shares are sold at market in an order the system places (state system_close).',
  input: {
    symbol: symbolField,
    takeProfit: triggerPriceField,
    stopLoss: triggerPriceField,
    tradePassword: tradePasswordField,
  },
  output: holdView,
});

export const stockOrderStatistics = defineCall({
  method: 'GET',
  path: '/stock/order/statistics',
  auth: 'user',
  tag: 'trading',
  summary:
    "The user's trading results per currency, computed from the executed fills: realised P&L at average cost with fees, unrealised P&L of the holdings at the last price, fees, counts and win rate; over all time or the last 30 days.",
  input: { period: z.enum(statisticsPeriods, { error: 'field.invalid' }).optional() },
  output: z.object({ period: z.enum(statisticsPeriods), list: z.array(currencyStatisticsView) }),
});
