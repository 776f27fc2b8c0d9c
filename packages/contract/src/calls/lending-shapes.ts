import { z } from 'zod';

/*
 * What the loan and credit-score calls answer (issue 14, DESIGN.md §9, decision 035). Amounts are EUR decimal
 * strings, rates percent strings ("12.00" TAN, "12.7" TAEG), dates ISO calendar dates in Europe/Rome.
 */

/** Stored states (SPEC §4) plus `overdue`: a loan in progress past its repayment date. */
export const loanStates = ['review', 'active', 'overdue', 'repaying', 'repaid', 'rejected'] as const;
export type LoanState = (typeof loanStates)[number];

export const employmentStatuses = [
  'employed',
  'selfEmployed',
  'retired',
  'student',
  'unemployed',
  'other',
] as const;
export type EmploymentStatus = (typeof employmentStatuses)[number];

/** How a loan was or is being paid back: a repayment, or the 14-day withdrawal (TUB art. 125-ter). */
export const loanEndings = ['repayment', 'withdrawal'] as const;

/** One row of the operator's rate table: loans of up to `days` days carry `rate` (TAN, percent a year). */
export const loanRateRow = z.object({ days: z.number().int(), rate: z.string() });

/**
 * The SECCI summary (Standard European Consumer Credit Information, TUB art. 124) of a loan's terms, shown
 * before signing: the TAN, the TAEG by Directive 2008/48 Annex I, the total cost and the amount to repay at
 * the repayment date, the daily interest, and the 14-day right of withdrawal.
 */
export const secciView = z.object({
  currency: z.literal('EUR'),
  amount: z.string(),
  days: z.number().int(),
  /** TAN, nominal annual rate in percent ("12.00"). */
  tan: z.string(),
  /** TAEG, annual percentage rate of charge in percent to one decimal ("12.7"). */
  taeg: z.string(),
  /** Interest for the whole term: principal × TAN × days / 365, rounded down to the cent. */
  totalInterest: z.string(),
  /** No fees are charged: the total cost is the interest. */
  totalCost: z.string(),
  /** Principal plus total cost: what is repaid on the repayment date. */
  totalRepayable: z.string(),
  /** principal × TAN / 365, rounded down to the cent (the days' total is computed on the whole term). */
  dailyInterest: z.string(),
  /** The repayment date if the loan were disbursed today. */
  repaymentDate: z.string(),
  withdrawalDays: z.literal(14),
  /** The last day of the right of withdrawal if the loan were disbursed today. */
  withdrawalUntil: z.string(),
});
export type SecciView = z.output<typeof secciView>;

/** One day of a disbursed loan: the interest that day, the interest to date, whether it is booked. */
export const loanScheduleDay = z.object({
  date: z.string(),
  day: z.number().int(),
  interest: z.string(),
  interestToDate: z.string(),
  owed: z.string(),
  booked: z.boolean(),
});

export const loanView = z.object({
  id: z.number().int(),
  state: z.enum(loanStates),
  /** Set once a repayment or withdrawal was asked for. */
  ending: z.enum(loanEndings).nullable(),
  currency: z.literal('EUR'),
  amount: z.string(),
  days: z.number().int(),
  tan: z.string(),
  taeg: z.string(),
  purpose: z.string(),
  monthlyIncome: z.string(),
  employment: z.enum(employmentStatuses),
  createdAt: z.number(),
  disbursedAt: z.number().nullable(),
  repaymentDate: z.string().nullable(),
  withdrawalUntil: z.string().nullable(),
  /** Whole days borrowed so far (to the repayment request once asked). */
  daysBorrowed: z.number().int(),
  /** Interest owed to date (booked or not yet booked by the daily job). */
  interestToDate: z.string(),
  /** Principal plus interest to date: what repaying today costs; 0 once repaid. */
  owedToday: z.string(),
  /** Principal plus the term's interest: the amount due on the repayment date. */
  repaymentAmount: z.string(),
  repaidAmount: z.string().nullable(),
  repaidAt: z.number().nullable(),
  rejectReason: z.string().nullable(),
  secci: secciView,
  schedule: z.array(loanScheduleDay),
});
export type LoanView = z.output<typeof loanView>;

/** A loan as the back office lists it: with its investor. */
export const adminLoanView = loanView.extend({ userId: z.number().int(), investor: z.string() });

export const creditFactorKeys = [
  'identity',
  'tenure',
  'deposits',
  'repaidOnTime',
  'repaidLate',
  'overdue',
] as const;
export const creditBands = ['excellent', 'qualified', 'risk'] as const;

export const creditScoreView = z.object({
  /** null: not yet rated (no verified identity or no history). */
  score: z.number().int().nullable(),
  band: z.enum(creditBands).nullable(),
  factors: z.array(
    z.object({ key: z.enum(creditFactorKeys), points: z.number().int(), limit: z.number().int() }),
  ),
  /** The operator's adjustment, added on top of the factors and shown apart. */
  adjustment: z.number().int(),
  adjustments: z.array(z.object({ adjustment: z.number().int(), reason: z.string(), createdAt: z.number() })),
});
export type CreditScoreView = z.output<typeof creditScoreView>;
