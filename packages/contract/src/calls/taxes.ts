import { z } from 'zod';
import { defineCall } from '../define';
import { intField, rowIdField } from '../fields';
import {
  adminTaxRegimeView,
  exemptIssuerRow,
  taxEstimateView,
  taxMonthRow,
  taxPositionView,
  taxRegimes,
} from './taxes-shapes';

/*
 * Italian taxes the broker withholds (issue 19 items 1–3, DESIGN.md §14, decisions 048 and 049): capital gains
 * under the regime amministrato with the zainetto fiscale, the financial transaction tax (Tobin tax) and the
 * stamp duty (imposta di bollo). Amounts are decimal strings in the currency's decimals, rates percent strings
 * ("26.00"), years whole numbers. The sell ticket's estimate is at the last price and changes nothing.
 */

const symbolField = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, { error: 'field.required' })
  .max(32, { error: 'field.invalid' })
  .transform((s) => s.toUpperCase());

const quantityField = z
  .union([z.string(), z.number()], { error: 'tax.quantity' })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,15}(\.\d{1,8})?$/, { error: 'tax.quantity' }));

const yearField = intField('tax.year').pipe(
  z.number().min(2013, { error: 'tax.year' }).max(2100, { error: 'tax.year' }),
);

export const taxEstimate = defineCall({
  method: 'GET',
  path: '/tax/estimate',
  auth: 'user',
  tag: 'taxes',
  summary:
    'The tax a sell (capital gains, after the zainetto) or a buy (Tobin tax on Italian shares) of a quantity would bear at the last price. Changes nothing.',
  input: {
    symbol: symbolField,
    side: z.enum(['buy', 'sell'], { error: 'tax.side' }),
    quantity: quantityField,
  },
  output: taxEstimateView,
});

export const taxPosition = defineCall({
  method: 'GET',
  path: '/tax/position',
  auth: 'user',
  tag: 'taxes',
  summary:
    'The caller’s tax position for a year (this year when not given): regime, gains and losses, tax withheld, Tobin tax, stamp duty, the zainetto with each loss’s year and expiry, and the year’s sales.',
  input: { year: yearField.optional() },
  output: taxPositionView,
});

/* The back office. */

const reason = z
  .string({ error: 'admin.reason.required' })
  .trim()
  .min(3, { error: 'admin.reason.required' })
  .max(500, { error: 'admin.reason.length' });

export const adminTaxRegime = defineCall({
  method: 'GET',
  path: '/admin/tax/regime',
  auth: 'operator',
  roles: ['compliance', 'finance', 'support'],
  tag: 'admin-taxes',
  summary: 'An investor’s tax regime (amministrato unless an operator set dichiarativo).',
  input: { userId: rowIdField },
  output: adminTaxRegimeView,
});

export const adminTaxRegimeSet = defineCall({
  method: 'POST',
  path: '/admin/tax/regime/set',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'admin-taxes',
  summary:
    'Sets an investor’s regime: dichiarativo withholds nothing from their next sale on (figures still recorded). Audited.',
  input: { userId: rowIdField, regime: z.enum(taxRegimes, { error: 'tax.regime' }), reason },
  output: adminTaxRegimeView,
});

export const adminTaxExempt = defineCall({
  method: 'GET',
  path: '/admin/tax/exempt',
  auth: 'operator',
  roles: ['compliance', 'finance'],
  tag: 'admin-taxes',
  summary: 'The Tobin-tax exempt issuers of a year (capitalisation below €500 million).',
  input: { year: yearField },
  output: z.object({ list: z.array(exemptIssuerRow) }),
});

export const adminTaxExemptAdd = defineCall({
  method: 'POST',
  path: '/admin/tax/exempt/add',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'admin-taxes',
  summary: 'Adds an Italian share to the exempt list of a year. Audited.',
  input: { symbol: symbolField, year: yearField },
  output: z.object({ list: z.array(exemptIssuerRow) }),
});

export const adminTaxExemptRemove = defineCall({
  method: 'POST',
  path: '/admin/tax/exempt/remove',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'admin-taxes',
  summary: 'Removes a share from the exempt list of a year. Audited.',
  input: { symbol: symbolField, year: yearField },
  output: z.object({ list: z.array(exemptIssuerRow) }),
});

export const adminTaxTotals = defineCall({
  method: 'GET',
  path: '/admin/tax/totals',
  auth: 'operator',
  roles: ['compliance', 'finance'],
  tag: 'admin-taxes',
  summary: 'The taxes withheld and charged by month of a year, per currency, as the ledger booked them.',
  input: { year: yearField },
  output: z.object({ list: z.array(taxMonthRow) }),
});
