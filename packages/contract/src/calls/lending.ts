import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { decimalField, flagField, intField, pageFields, rowIdField, tradePasswordField } from '../fields';
import { listOf } from '../wire';
import {
  creditScoreView,
  employmentStatuses,
  loanRateRow,
  loanStates,
  loanView,
  secciView,
} from './lending-shapes';

/*
 * Consumer loans and the credit score for investors (issue 14, SPEC §7 `/user/loan*`, DESIGN.md §9, TUB art.
 * 121–126, decision 035). The loan is in EUR, paid into and repaid from the EUR spot account. Beyond SPEC's
 * list: `/user/loan/secci` (the summary before signing), `/user/loan/repay`, `/user/loan/withdraw` (the 14-day
 * right of withdrawal) and `/user/credit/score`.
 */

const days = intField('loan.days').pipe(z.number().min(1, { error: 'loan.days' }));
const terms = { amount: decimalField(2, 'loan.amount'), days };

export const userLoan = defineCall({
  method: 'GET',
  path: '/user/loan',
  auth: 'user',
  tag: 'lending',
  summary:
    'The loan page: the limit the operator set, the longest term and the rate table, and the open loan if any.',
  input: {},
  output: z.object({
    currency: z.literal('EUR'),
    limit: z.string(),
    maxDays: z.number().int(),
    rates: z.array(loanRateRow),
    open: loanView.nullable(),
  }),
});

export const userLoanSecci = defineCall({
  method: 'GET',
  path: '/user/loan/secci',
  auth: 'user',
  tag: 'lending',
  summary:
    'The SECCI summary of an amount and a term before applying: TAN, TAEG (Directive 2008/48 Annex I), total cost, daily interest, repayment date and amount, 14-day withdrawal. Refused as apply would refuse.',
  input: terms,
  output: secciView,
});

export const userLoanApply = defineMoneyCall({
  method: 'POST',
  path: '/user/loan/apply',
  auth: 'user',
  tag: 'lending',
  summary:
    'Applies for a loan within the limit and the longest term, none other open, after accepting the SECCI (secciAccepted=1). The loan is under review until an operator approves (disbursed) or rejects it.',
  input: {
    ...terms,
    purpose: z
      .string({ error: 'loan.purpose' })
      .trim()
      .min(3, { error: 'loan.purpose' })
      .max(200, { error: 'loan.purpose' }),
    monthlyIncome: decimalField(2, 'loan.income'),
    employment: z.enum(employmentStatuses, { error: 'loan.employment' }),
    secciAccepted: flagField('loan.secci'),
    // Signing a credit agreement asks for the transaction password, as every money call does once it is set.
    tradePassword: tradePasswordField,
  },
  output: loanView,
});

export const userLoanOrderList = defineCall({
  method: 'GET',
  path: '/user/loan/order/list',
  auth: 'user',
  tag: 'lending',
  summary: "The investor's loans, newest first, each with its SECCI and its day-by-day interest schedule.",
  input: { ...pageFields, state: z.enum(loanStates, { error: 'field.invalid' }).optional() },
  output: listOf(loanView),
});

export const userLoanRepay = defineMoneyCall({
  method: 'POST',
  path: '/user/loan/repay',
  auth: 'user',
  tag: 'lending',
  summary:
    'Repays a loan in progress in full: amount must be what is owed today (principal plus interest for the days used). The money leaves the spot account at once; the loan is under repayment review until an operator confirms it.',
  input: { id: rowIdField, amount: decimalField(2, 'loan.amount'), tradePassword: tradePasswordField },
  output: loanView,
});

export const userLoanWithdraw = defineMoneyCall({
  method: 'POST',
  path: '/user/loan/withdraw',
  auth: 'user',
  tag: 'lending',
  summary:
    'Withdraws from a loan within 14 days of its disbursement (TUB art. 125-ter): returns the principal and the interest to this day, nothing more. Then as a repayment.',
  input: { id: rowIdField, tradePassword: tradePasswordField },
  output: loanView,
});

export const userCreditScore = defineCall({
  method: 'GET',
  path: '/user/credit/score',
  auth: 'user',
  tag: 'lending',
  summary:
    'The credit score 0–100 from what the platform knows, each factor with its points, the operator adjustment apart; null when not yet rated.',
  input: {},
  output: creditScoreView,
});
