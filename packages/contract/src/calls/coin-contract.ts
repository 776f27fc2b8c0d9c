import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { decimalField, flagField, intField, pageFields } from '../fields';
import { listOf } from '../wire';
import {
  contractOrderTypes,
  contractSides,
  contractStates,
  contractVerdicts,
  positionView,
} from './coin-contract-shapes';

/*
 * USDT-margined perpetual contracts on crypto (issue 7, DESIGN.md §7), each position on isolated margin taken
 * from the user's `contract` USDT account. Amounts are decimal strings (USDT at its 6 decimals, prices and
 * quantities in the pair's own); times epoch milliseconds. Opening, closing and adding margin are money calls
 * (requestId): a repeat answers the first result and moves nothing twice. Positions open at market or rest
 * as a limit opening that fills whole at its price when the last price reaches it.
 */

const symbolField = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, { error: 'field.required' })
  .max(32, { error: 'field.invalid' })
  .transform((s) => s.toUpperCase());
const idField = intField('field.integer').pipe(z.number().min(1, { error: 'field.integer' }));
const amountText = z.string();

export const coinContractOrderMultiple = defineCall({
  method: 'POST',
  path: '/coin/contract/order/multiple',
  auth: 'user',
  tag: 'coin-contract',
  summary:
    "A coin's contract terms for the ticket: the leverage choices within the retail cap (2:1 for crypto), the rates, the minimum margin and the investor's appropriateness verdict for leveraged products.",
  input: { symbol: symbolField },
  output: z.object({
    symbol: z.string(),
    name: z.string(),
    currency: z.string(),
    leverageMax: z.number().int(),
    choices: z.array(z.number().int()),
    /** Basis points: 50 is 0.50%. */
    maintenanceRateBp: z.number().int(),
    feeRateBp: z.number().int(),
    marginMin: amountText,
    /** The contract account's USDT available for margin. */
    available: amountText,
    lastPrice: amountText.nullable(),
    priceScale: z.number().int(),
    quantityScale: z.number().int(),
    /** 'missing' before the appropriateness questionnaire. 'warn' needs riskAcknowledged on /add. */
    appropriateness: z.enum(contractVerdicts),
  }),
});

export const coinContractAdd = defineMoneyCall({
  method: 'POST',
  path: '/coin/contract/add',
  auth: 'user',
  tag: 'coin-contract',
  summary:
    'Opens a long or short with `margin` USDT at `leverage`: at market, the largest quantity whose initial margin the margin covers, filled across the book; at a limit, that quantity at the limit price, resting with margin and fee frozen until the last price reaches it. The margin and the opening fee leave the contract account.',
  input: {
    symbol: symbolField,
    side: z.enum(contractSides, { error: 'coinContract.side' }),
    type: z.enum(contractOrderTypes, { error: 'coinContract.type' }).default('market'),
    /** The limit price of a limit opening: below the last price for a long, above it for a short. */
    price: decimalField(8, 'coinContract.limitPrice').optional(),
    margin: decimalField(6, 'coinContract.marginFormat'),
    leverage: intField('leverage.invalid'),
    takeProfit: decimalField(8, 'coinContract.triggerPrice').optional(),
    stopLoss: decimalField(8, 'coinContract.triggerPrice').optional(),
    /** Required when the appropriateness verdict is a warning: the investor read it and accepts the risk. */
    riskAcknowledged: flagField().optional(),
    /** The transaction password, required when the user has set one (checked before the transaction). */
    tradePassword: z
      .string({ error: 'trade.pin.format' })
      .trim()
      .regex(/^\d{6}$/, { error: 'trade.pin.format' })
      .optional(),
  },
  output: positionView,
});

export const coinContractList = defineCall({
  method: 'POST',
  path: '/coin/contract/list',
  auth: 'user',
  tag: 'coin-contract',
  summary: "The user's positions, newest first, optionally of one state (the order history).",
  input: { state: z.enum(contractStates, { error: 'field.invalid' }).optional(), ...pageFields },
  output: listOf(positionView),
});

export const coinContractListActive = defineCall({
  method: 'POST',
  path: '/coin/contract/list/active',
  auth: 'user',
  tag: 'coin-contract',
  summary: "The user's open positions valued at the last price, optionally of one coin.",
  input: { symbol: symbolField.optional() },
  output: z.object({ list: z.array(positionView) }),
});

export const coinContractQuery = defineCall({
  method: 'POST',
  path: '/coin/contract/query',
  auth: 'user',
  tag: 'coin-contract',
  summary: 'One position of the user.',
  input: { id: idField },
  output: positionView,
});

export const coinContractClose = defineMoneyCall({
  method: 'POST',
  path: '/coin/contract/close',
  auth: 'user',
  tag: 'coin-contract',
  summary:
    'Closes a position at market: its margin and P&L less the closing fee return to the contract account. A resting limit opening is cancelled and what it froze returns.',
  input: { id: idField },
  output: positionView,
});

export const coinContractLiquidate = defineMoneyCall({
  method: 'POST',
  path: '/coin/contract/liquidate',
  auth: 'user',
  tag: 'coin-contract',
  summary: 'Flattens one position at market now (the same settlement as close).',
  input: { id: idField },
  output: positionView,
});

export const coinContractLiquidateAll = defineMoneyCall({
  method: 'POST',
  path: '/coin/contract/liquidate/all',
  auth: 'user',
  tag: 'coin-contract',
  summary: 'Flattens every open position of the user at market, or every one of a coin.',
  input: { symbol: symbolField.optional() },
  output: z.object({ list: z.array(positionView) }),
});

const triggerInput = {
  id: idField,
  /** The trigger price; absent or empty clears it. */
  price: z
    .union([z.literal(''), decimalField(8, 'coinContract.triggerPrice')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
};

export const coinContractSetProfit = defineCall({
  method: 'POST',
  path: '/coin/contract/set/profit',
  auth: 'user',
  tag: 'coin-contract',
  summary:
    'Sets or clears the take profit of an open position: a close at market once the last price reaches it.',
  input: triggerInput,
  output: positionView,
});

export const coinContractSetLoss = defineCall({
  method: 'POST',
  path: '/coin/contract/set/loss',
  auth: 'user',
  tag: 'coin-contract',
  summary:
    'Sets or clears the stop loss of an open position: a close at market once the last price reaches it.',
  input: triggerInput,
  output: positionView,
});

export const coinContractAddMargin = defineMoneyCall({
  method: 'POST',
  path: '/coin/contract/add/mgn',
  auth: 'user',
  tag: 'coin-contract',
  summary:
    'Moves USDT from the contract account into an open position, which moves its liquidation price away.',
  input: { id: idField, amount: decimalField(6, 'coinContract.amountFormat') },
  output: positionView,
});
