import { z } from 'zod';
import { defineCall, defineMoneyCall } from '../define';
import { decimalField, flagField, pageFields, rowIdField, tradePasswordField } from '../fields';
import { listOf } from '../wire';
import {
  adminPlanTermsView,
  planActions,
  planExecutionView,
  planFrequencies,
  planHoldingView,
  planSaleView,
  planTermsView,
  planView,
} from './plans-shapes';

/* Savings plans' calls (issue 20 item 3, decision 054); their shapes in plans-shapes.ts. */

const amount = decimalField(2, 'plan.amount');
const frequency = z.enum(planFrequencies, { error: 'plan.frequency' });
const symbol = z
  .string({ error: 'plan.symbol' })
  .trim()
  .min(1, { error: 'plan.symbol' })
  .max(30, { error: 'plan.symbol' });

export const userPlanList = defineCall({
  method: 'GET',
  path: '/user/plan/list',
  auth: 'user',
  tag: 'plans',
  summary: "The investor's savings plans, newest first, stopped ones included.",
  input: pageFields,
  output: listOf(planView),
});

export const userPlanDetail = defineCall({
  method: 'GET',
  path: '/user/plan/detail',
  auth: 'user',
  tag: 'plans',
  summary:
    "One of the investor's plans with its history: every execution and every skipped date, newest first.",
  input: { id: rowIdField },
  output: z.object({ plan: planView, history: z.array(planExecutionView) }),
});

export const userPlanTerms = defineCall({
  method: 'GET',
  path: '/user/plan/terms',
  auth: 'user',
  tag: 'plans',
  summary:
    'The terms a plan on an instrument would have: the plan fee, fractions or whole units, the bounds of the amount.',
  input: { symbol },
  output: planTermsView,
});

export const userPlanCreate = defineCall({
  method: 'POST',
  path: '/user/plan/create',
  auth: 'user',
  tag: 'plans',
  summary:
    'Starts a plan on an EUR share or ETF: the amount each execution spends, how often, and the first date (today when left out). Nothing is bought until the first date.',
  input: {
    symbol,
    amount,
    frequency,
    startDate: z
      .string({ error: 'plan.startDate' })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'plan.startDate' })
      .optional(),
    /** The transaction password, required when the investor has set one (as orders ask it). */
    tradePassword: tradePasswordField,
  },
  output: planView,
});

export const userPlanChange = defineCall({
  method: 'POST',
  path: '/user/plan/change',
  auth: 'user',
  tag: 'plans',
  summary: 'Changes the amount and frequency of an active or paused plan, from its next date on.',
  input: { id: rowIdField, amount, frequency, tradePassword: tradePasswordField },
  output: planView,
});

export const userPlanState = defineCall({
  method: 'POST',
  path: '/user/plan/state',
  auth: 'user',
  tag: 'plans',
  summary:
    'Pauses an active plan (no date is bought while paused), resumes a paused one from the next date on, or stops a plan for good.',
  input: { id: rowIdField, action: z.enum(planActions, { error: 'plan.action' }) },
  output: planView,
});

/* The plans' fractions held and sold by the investor (decision 063). */

/** Units of a plan's fractions: a positive decimal with at most 6 decimals. */
const fractionUnits = decimalField(6, 'plan.sell.quantity');

export const userPlanHoldings = defineCall({
  method: 'GET',
  path: '/user/plan/holdings',
  auth: 'user',
  tag: 'plans',
  summary:
    "The fractions of shares and ETFs the investor's plans bought and still holds, valued at the last price, with their cost and P&L.",
  input: {},
  output: z.object({ list: z.array(planHoldingView) }),
});

export const userPlanSellPreview = defineCall({
  method: 'GET',
  path: '/user/plan/sell/preview',
  auth: 'user',
  tag: 'plans',
  summary:
    'What selling that many plan units would bring now: at the best bid, less the market fee and the estimated tax.',
  input: { symbol, quantity: fractionUnits },
  output: planSaleView,
});

export const userPlanSell = defineMoneyCall({
  method: 'POST',
  path: '/user/plan/sell',
  auth: 'user',
  tag: 'plans',
  summary:
    "Sells plan units (fractions too, up to those held) at the best bid with the market's fee, the capital gains tax withheld; refused while the market is closed.",
  input: { symbol, quantity: fractionUnits, tradePassword: tradePasswordField },
  output: planSaleView,
});

/* The back office: the plan fee and fractions per instrument (decision 054). */

export const adminPlanTerms = defineCall({
  method: 'GET',
  path: '/admin/plan/terms',
  auth: 'operator',
  roles: ['finance'],
  tag: 'admin-plans',
  summary:
    'Every EUR share and ETF plans may buy, with its plan fee, whether plans buy fractions, and its active plans.',
  input: {},
  output: z.object({ list: z.array(adminPlanTermsView) }),
});

export const adminPlanTermsSave = defineCall({
  method: 'POST',
  path: '/admin/plan/terms/save',
  auth: 'operator',
  roles: ['finance'],
  tag: 'admin-plans',
  summary:
    "Sets an instrument's plan fee (EUR, zero allowed) and whether plans buy fractions of it; audited.",
  input: { symbol, planFee: decimalField(2, 'plan.fee'), fractional: flagField('plan.fractional') },
  output: adminPlanTermsView,
});
