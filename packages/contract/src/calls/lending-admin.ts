import { z } from 'zod';
import { defineCall } from '../define';
import { decimalField, intField, pageFields, rowIdField } from '../fields';
import { listOf } from '../wire';
import { adminLoanView, creditScoreView, loanRateRow, loanStates } from './lending-shapes';

/*
 * Loans in the back office (issue 14 item 4): the queue (review, approve with disbursement, reject with a
 * reason, confirm a repayment), the rate table the investors see, and the credit score adjustment. Every
 * decision is audited. The investor's limit is set by `/admin/user/loanlimit` (admin-kyc.ts).
 */

const reason = z
  .string({ error: 'admin.reason.required' })
  .trim()
  .min(3, { error: 'admin.reason.required' })
  .max(500, { error: 'admin.reason.length' });

const lenders = ['finance'] as const;

export const adminLoans = defineCall({
  method: 'GET',
  path: '/admin/loans',
  auth: 'operator',
  roles: [...lenders, 'compliance'],
  tag: 'admin-lending',
  summary: 'Loans, oldest waiting first when a state is asked (review, repaying), else newest first.',
  input: {
    ...pageFields,
    state: z.enum(loanStates, { error: 'field.invalid' }).optional(),
    userId: rowIdField.optional(),
  },
  output: listOf(adminLoanView),
});

export const adminLoanApprove = defineCall({
  method: 'POST',
  path: '/admin/loans/approve',
  auth: 'operator',
  roles: lenders,
  tag: 'admin-lending',
  summary:
    'Approves a loan under review and disburses it to the EUR spot account (bill loan disbursement). Audited.',
  input: { id: rowIdField },
  output: adminLoanView,
});

export const adminLoanReject = defineCall({
  method: 'POST',
  path: '/admin/loans/reject',
  auth: 'operator',
  roles: lenders,
  tag: 'admin-lending',
  summary: 'Rejects a loan under review with the reason the investor reads. Nothing moves. Audited.',
  input: { id: rowIdField, reason },
  output: adminLoanView,
});

export const adminLoanConfirmRepayment = defineCall({
  method: 'POST',
  path: '/admin/loans/repayment/confirm',
  auth: 'operator',
  roles: lenders,
  tag: 'admin-lending',
  summary: 'Confirms a repayment under review: the frozen amount settles the loan, which is repaid. Audited.',
  input: { id: rowIdField },
  output: adminLoanView,
});

export const adminLoanRates = defineCall({
  method: 'GET',
  path: '/admin/loans/rates',
  auth: 'operator',
  roles: [...lenders, 'compliance'],
  tag: 'admin-lending',
  summary:
    'The rate table: each row is the TAN of loans up to its days; the longest row is the longest term.',
  input: {},
  output: z.object({ list: z.array(loanRateRow) }),
});

export const adminLoanRateSave = defineCall({
  method: 'POST',
  path: '/admin/loans/rates/save',
  auth: 'operator',
  roles: lenders,
  tag: 'admin-lending',
  summary:
    'Sets the TAN (percent, 0–30) of loans up to `days` days (1–3650), adding the row if new. Audited.',
  input: {
    days: intField('loanRate.days').pipe(
      z.number().min(1, { error: 'loanRate.days' }).max(3650, { error: 'loanRate.days' }),
    ),
    rate: decimalField(2, 'loanRate.rate'),
  },
  output: z.object({ list: z.array(loanRateRow) }),
});

export const adminLoanRateDelete = defineCall({
  method: 'POST',
  path: '/admin/loans/rates/delete',
  auth: 'operator',
  roles: lenders,
  tag: 'admin-lending',
  summary: 'Removes the row of `days` from the rate table (open loans keep their rate). Audited.',
  input: { days: intField('loanRate.days') },
  output: z.object({ list: z.array(loanRateRow) }),
});

export const adminCreditScoreView = defineCall({
  method: 'GET',
  path: '/admin/credit/score',
  auth: 'operator',
  roles: ['support', ...lenders, 'compliance'],
  tag: 'admin-lending',
  summary: "An investor's computed credit score, its factors and the operator adjustments.",
  input: { id: rowIdField },
  output: creditScoreView,
});

export const adminCreditAdjust = defineCall({
  method: 'POST',
  path: '/admin/credit/adjust',
  auth: 'operator',
  roles: ['support', ...lenders],
  tag: 'admin-lending',
  summary:
    'Sets the operator adjustment (−50 to +50 points) added to the computed score, with a reason the investor reads. Audited.',
  input: {
    id: rowIdField,
    adjustment: intField('credit.adjustment').pipe(
      z.number().min(-50, { error: 'credit.adjustment' }).max(50, { error: 'credit.adjustment' }),
    ),
    reason,
  },
  output: creditScoreView,
});
