import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { decimalField, flagField, intField, pageFields } from '../fields';
import { listOf } from '../wire';
import { optionRights, optionSeries, optionStatistics, optionUnderlying, optionView } from './options-shapes';

/*
 * Stock and index options (issue 6 item 4, DESIGN.md §7, docs/decisions/015-stock-options.md): European calls
 * and puts bought to open at the Black–Scholes mark, closed at the mark before expiry, cash-settled at
 * intrinsic value at expiry. Prices and amounts are decimal strings; times epoch milliseconds.
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

export const stockOptionRule = defineCall({
  method: 'GET',
  path: '/stock/option/rule',
  auth: 'user',
  tag: 'options',
  summary:
    'The underlyings options are listed on and, for one of them, its expiries and strikes with the premium of a call and a put contract at the mark, the contract size and the minimum purchase amount.',
  input: { symbol: symbolField.optional() },
  output: z.object({ underlyings: z.array(optionUnderlying), series: optionSeries.nullable() }),
});

export const stockOrderOptionApply = defineMoneyCall({
  method: 'POST',
  path: '/stock/order/option/apply',
  auth: 'user',
  tag: 'options',
  summary:
    'Buys call or put contracts of a listed series at the Black–Scholes mark; the premium is debited at once and is the most the investor can lose.',
  input: {
    symbol: symbolField,
    right: z.enum(optionRights, { error: 'option.right' }),
    /** One of the strikes /stock/option/rule lists for the expiry, in the underlying's price decimals. */
    strike: decimalField(8, 'option.strike'),
    expiresAt: intField('option.expiry'),
    contracts: intField('option.contracts').pipe(z.number().min(1, { error: 'option.contracts' })),
    /** Required when options are only appropriate with a warning: the investor read and accepted it. */
    acknowledgeRisk: flagField().optional(),
    tradePassword: tradePasswordField,
  },
  output: optionView,
});

export const stockOrderOptionClose = defineMoneyCall({
  method: 'POST',
  path: '/stock/order/option/close',
  auth: 'user',
  tag: 'options',
  summary: 'Sells a held option back at the mark before expiry; the proceeds are credited at once.',
  input: { id: idField, tradePassword: tradePasswordField },
  output: optionView,
});

export const stockOrderOptionList = defineCall({
  method: 'GET',
  path: '/stock/order/option/list',
  auth: 'user',
  tag: 'options',
  summary:
    "The user's options, newest first: those held (valued at the mark) or those ended (closed or expired).",
  input: { status: z.enum(['holding', 'ended'], { error: 'field.invalid' }).optional(), ...pageFields },
  output: listOf(optionView),
});

export const stockOrderOptionStatistics = defineCall({
  method: 'GET',
  path: '/stock/order/option/statistics',
  auth: 'user',
  tag: 'options',
  summary: "The user's option figures per currency, from executed trades only (no marks).",
  input: {},
  output: z.object({ list: z.array(optionStatistics) }),
});
