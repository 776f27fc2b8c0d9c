import { z } from 'zod';

/*
 * Savings plans (PAC, issue 20 item 3, decision 054): a plan buys a fixed euro amount of an ETF or share
 * weekly, twice a month or monthly, each execution a market order with its fee plus the operator's plan fee.
 * Amounts are EUR decimal strings, dates ISO calendar dates in Europe/Rome, units decimal strings at the
 * plan's scale (the instrument's, or 6 decimals when the operator allows fractions for it).
 */

export const planFrequencies = ['weekly', 'twiceMonthly', 'monthly'] as const;
export type PlanFrequency = (typeof planFrequencies)[number];
export const planStates = ['active', 'paused', 'stopped'] as const;
export const planExecutionStates = ['executed', 'skipped'] as const;
/** Why an attempt bought nothing: market closed, not enough cash, the amount buys no unit, no price. */
export const planSkipReasons = ['marketClosed', 'cash', 'tooSmall', 'market'] as const;

/** The least and most one execution may buy, in EUR. */
export const planAmountMin = '10.00';
export const planAmountMax = '50000.00';

export const planView = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  currency: z.literal('EUR'),
  amount: z.string(),
  frequency: z.enum(planFrequencies),
  startDate: z.string(),
  /** The scheduled date the next execution is for, and the trading day it will be tried on. */
  dueDate: z.string(),
  nextDate: z.string(),
  state: z.enum(planStates),
  fractional: z.boolean(),
  /** The units its executions bought, and what they cost with every fee. */
  units: z.string(),
  invested: z.string(),
  executions: z.number().int(),
});
export type PlanView = z.output<typeof planView>;

export const planExecutionView = z.object({
  id: z.number().int(),
  dueDate: z.string(),
  attemptDate: z.string(),
  state: z.enum(planExecutionStates),
  reason: z.enum(planSkipReasons).nullable(),
  units: z.string(),
  price: z.string().nullable(),
  value: z.string(),
  tradeFee: z.string(),
  planFee: z.string(),
  orderId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PlanExecutionView = z.output<typeof planExecutionView>;

/** What the editor shows for an instrument before a plan starts: the operator's terms. */
export const planTermsView = z.object({
  symbol: z.string(),
  name: z.string(),
  currency: z.literal('EUR'),
  planFee: z.string(),
  fractional: z.boolean(),
  amountMin: z.string(),
  amountMax: z.string(),
});

export const adminPlanTermsView = z.object({
  symbol: z.string(),
  name: z.string(),
  kind: z.string(),
  planFee: z.string(),
  fractional: z.boolean(),
  plans: z.number().int(),
});

export const planActions = ['pause', 'resume', 'stop'] as const;

/*
 * A plan's fractions held (decision 063): units to 6 decimals of `symbol` in the ledger asset `PAC:{symbol}`,
 * valued at the last price, with their cost (value plus the market's fee of each purchase, less what sales
 * released) and the P&L; `bid` is the best bid a sale would get now (null when the book has none).
 */
export const planHoldingView = z.object({
  symbol: z.string(),
  name: z.string(),
  currency: z.literal('EUR'),
  units: z.string(),
  cost: z.string(),
  averageCost: z.string(),
  lastPrice: z.string().nullable(),
  bid: z.string().nullable(),
  marketValue: z.string().nullable(),
  pnl: z.string().nullable(),
});
export type PlanHoldingView = z.output<typeof planHoldingView>;

/** What selling plan fractions brings (or brought): at the bid, less the market's fee and the tax withheld. */
export const planSaleView = z.object({
  symbol: z.string(),
  units: z.string(),
  price: z.string(),
  value: z.string(),
  fee: z.string(),
  tax: z.string(),
  net: z.string(),
  /** The units still held after the sale (a preview: after it would be made). */
  remaining: z.string(),
});
export type PlanSaleView = z.output<typeof planSaleView>;
