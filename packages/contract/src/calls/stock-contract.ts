import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { decimalField, flagField, intField, pageFields } from '../fields';
import { listOf } from '../wire';
import {
  appropriatenessVerdicts,
  contractAccountView,
  contractSides,
  contractStates,
  contractView,
} from './stock-contract-shapes';

const symbolField = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, { error: 'field.required' })
  .max(32, { error: 'field.invalid' })
  .transform((s) => s.toUpperCase());
const idField = intField('field.integer').pipe(z.number().min(1, { error: 'field.integer' }));
const priceField = (key: string) => decimalField(8, key);

/*
 * Leveraged stock contracts (issue 6 item 3, DESIGN.md §7): a long or a short on a share or an index with
 * margin, leverage up to the ESMA retail cap, take profit and stop loss, margin added, closed by the investor,
 * by a trigger or by the margin close-out at 50% of the required margin. The margin account is the user's
 * `contract` account in the instrument's currency. SPEC has no such paths: they live under /stock/contract.
 * Market orders only (docs/decisions/014-stock-contracts.md). Amounts are decimal strings.
 */

export const stockContractOpen = defineMoneyCall({
  method: 'POST',
  path: '/stock/contract/open',
  auth: 'user',
  tag: 'stock-contract',
  summary:
    'Opens a long or short contract at market with a leverage up to the cap: sized by quantity or by margin, filled across the book, the fee and margin checked against the contract account. A "warn" appropriateness verdict needs acknowledgeRisk.',
  input: {
    symbol: symbolField,
    side: z.enum(contractSides, { error: 'stockContract.side' }),
    /** Shares; or give `margin` instead and the most whole lots it opens are taken. */
    quantity: decimalField(8, 'order.quantityZero').optional(),
    margin: decimalField(8, 'stockContract.marginZero').optional(),
    leverage: intField('leverage.invalid'),
    takeProfit: priceField('order.triggerPriceZero').optional(),
    stopLoss: priceField('order.triggerPriceZero').optional(),
    tradePassword: z
      .string({ error: 'trade.pin.format' })
      .trim()
      .regex(/^\d{6}$/, { error: 'trade.pin.format' })
      .optional(),
    acknowledgeRisk: flagField().optional(),
  },
  output: contractView,
});

export const stockContractClose = defineMoneyCall({
  method: 'POST',
  path: '/stock/contract/close',
  auth: 'user',
  tag: 'stock-contract',
  summary: 'Closes an open position at market; the P&L and the fee are posted to the contract account.',
  input: { id: idField },
  output: contractView,
});

export const stockContractAddMargin = defineMoneyCall({
  method: 'POST',
  path: '/stock/contract/add/mgn',
  auth: 'user',
  tag: 'stock-contract',
  summary:
    "Moves an amount from the spot account into the contract account for a position: the account's equity rises and its close-out prices move away.",
  input: { id: idField, amount: decimalField(8, 'stockContract.amountZero') },
  output: contractView,
});

const triggerInput = {
  id: idField,
  /** The trigger price; empty or absent clears it. */
  price: z
    .union([z.literal(''), priceField('order.triggerPriceZero')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
};

export const stockContractSetProfit = defineCall({
  method: 'POST',
  path: '/stock/contract/set/profit',
  auth: 'user',
  tag: 'stock-contract',
  summary:
    'Sets or clears the take profit of an open position: above the price for a long, below for a short.',
  input: triggerInput,
  output: contractView,
});

export const stockContractSetLoss = defineCall({
  method: 'POST',
  path: '/stock/contract/set/loss',
  auth: 'user',
  tag: 'stock-contract',
  summary: 'Sets or clears the stop loss of an open position: below the price for a long, above for a short.',
  input: triggerInput,
  output: contractView,
});

export const stockContractList = defineCall({
  method: 'GET',
  path: '/stock/contract/list',
  auth: 'user',
  tag: 'stock-contract',
  summary: "The user's open or closed contract positions, newest first.",
  input: { state: z.enum(contractStates, { error: 'field.invalid' }).optional(), ...pageFields },
  output: listOf(contractView),
});

export const stockContractInfo = defineCall({
  method: 'GET',
  path: '/stock/contract/info',
  auth: 'user',
  tag: 'stock-contract',
  summary: 'One contract position of the user.',
  input: { id: idField },
  output: contractView,
});

export const stockContractLeverage = defineCall({
  method: 'GET',
  path: '/stock/contract/leverage',
  auth: 'user',
  tag: 'stock-contract',
  summary:
    "The leverage cap and choices of a symbol (ESMA's retail class), and the user's appropriateness verdict for leveraged products.",
  input: { symbol: symbolField },
  output: z.object({
    symbol: z.string(),
    currency: z.string(),
    leverageClass: z.string(),
    leverageMax: z.number().int(),
    choices: z.array(z.number().int()),
    /** Null before the questionnaire, which then refuses. */
    verdict: z.enum(appropriatenessVerdicts).nullable(),
  }),
});

export const stockContractAccount = defineCall({
  method: 'GET',
  path: '/stock/contract/account',
  auth: 'user',
  tag: 'stock-contract',
  summary: 'The contract account of a currency: balance, equity, used and free margin, margin level.',
  input: {
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3,5}$/, { error: 'field.invalid' })
      .optional(),
  },
  output: contractAccountView,
});
