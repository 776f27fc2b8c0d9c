import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { decimalField, intField, pageFields } from '../fields';
import { listOf } from '../wire';
import { coinAssetsView } from './coin-shapes';
import { fillView, orderSides, orderStates, orderTypes, orderView } from './trading-shapes';

/*
 * Crypto spot (issue 7 item 1, decision 016): orders on USDT pairs go through the stock spot engine, so they
 * answer the same order and fill views. Quantities are decimal strings in the pair's own quantity decimals
 * (BTC 5, ETH 4, DOGE 0), prices in its price decimals, money in USDT. All POST (SPEC §7).
 */

const pairField = z
  .string({ error: 'coin.pairRequired' })
  .trim()
  .min(1, { error: 'coin.pairRequired' })
  .max(32, { error: 'coin.unknownPair' })
  .transform((s) => s.toUpperCase());
const idField = intField('field.integer').pipe(z.number().min(1, { error: 'field.integer' }));

export const coinOrderAdd = defineMoneyCall({
  method: 'POST',
  path: '/coin/order/add',
  auth: 'user',
  tag: 'coin',
  summary:
    'Buys or sells a coin against USDT at market (filled across the book now) or at a limit (filled as far as the book allows now, the rest resting with its USDT or coins frozen). Coins bought are spendable at once.',
  input: {
    symbol: pairField,
    side: z.enum(orderSides, { error: 'order.side' }),
    type: z.enum(orderTypes, { error: 'order.type' }),
    /** Coins, in the pair's quantity decimals. */
    quantity: decimalField(8, 'coin.quantityFormat'),
    /** The limit price in USDT, required for a limit order. */
    price: decimalField(8, 'order.limitPriceZero').optional(),
    /** The stop price in USDT of a stop or stop-limit order (decision 056). */
    stopPrice: decimalField(8, 'order.stopPriceZero').optional(),
    tradePassword: z
      .string({ error: 'trade.pin.format' })
      .trim()
      .regex(/^\d{6}$/, { error: 'trade.pin.format' })
      .optional(),
  },
  output: orderView,
});

export const coinOrderList = defineCall({
  method: 'POST',
  path: '/coin/order/list',
  auth: 'user',
  tag: 'coin',
  summary: "The user's coin orders, newest first, optionally of one state.",
  input: { state: z.enum(orderStates, { error: 'field.invalid' }).optional(), ...pageFields },
  output: listOf(orderView),
});

export const coinOrderQuery = defineCall({
  method: 'POST',
  path: '/coin/order/query',
  auth: 'user',
  tag: 'coin',
  summary: 'One coin order of the user, with its fills.',
  input: { id: idField },
  output: orderView.extend({ fills: z.array(fillView) }),
});

export const coinOrderClose = defineCall({
  method: 'POST',
  path: '/coin/order/close',
  auth: 'user',
  tag: 'coin',
  summary: 'Cancels the unfilled rest of a resting coin order and releases what it froze.',
  input: { id: idField },
  output: orderView,
});

export const coinAssets = defineCall({
  method: 'POST',
  path: '/coin/assets',
  auth: 'user',
  tag: 'coin',
  summary:
    "The user's coins (USDT first) by spot, contract and frozen account, valued in USDT at the pairs' last prices, with the totals in USDT and EUR.",
  input: {},
  output: coinAssetsView,
});
