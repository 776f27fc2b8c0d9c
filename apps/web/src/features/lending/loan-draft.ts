import { type EmploymentStatus, employmentStatuses } from '@piazza/contract/calls/lending-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { readTypedInteger, readTypedNumber } from '@piazza/core/typed-number';
import { z } from 'zod';

/*
 * The loan application as the investor fills it in on loan/writeInfo (amount and income typed as their
 * language writes numbers, days, purpose, employment), read into what /user/loan/secci and /user/loan/apply
 * take, and checked with the server's own refusal keys (contract messages/lending.ts) so the form says what
 * the server would answer. The draft travels to loan/apply in the persisted key `loanData` (SPEC §3).
 */

/** What loan/apply sends, in wire form ("1000.00"). */
export const loanDraftSchema = z.object({
  amount: z.string(),
  days: z.number().int(),
  purpose: z.string(),
  monthlyIncome: z.string(),
  employment: z.enum(employmentStatuses),
});
export type LoanDraft = z.output<typeof loanDraftSchema>;

/** The form's fields as typed. */
export interface LoanForm {
  amount: string;
  days: string;
  purpose: string;
  income: string;
  employment: EmploymentStatus | null;
}

export type LoanField = 'amount' | 'days' | 'purpose' | 'income' | 'employment';

/** A refusal key of the contract's catalogue with its values. */
export interface Problem {
  key: string;
  params: string[];
}

export interface LoanFormReading {
  /** Sendable when every field reads and fits. */
  draft: LoanDraft | null;
  problems: Partial<Record<LoanField, Problem>>;
}

const scale = 2;
const purposeLength = { min: 3, max: 200 };

/** Reads a typed amount of euros with at most two decimals ("1.000,50" in it-IT), or null. */
function readEuros(typed: string, lang: Language): bigint | null {
  const wire = readTypedNumber(typed, lang);
  if (wire === null || (wire.split('.')[1]?.length ?? 0) > scale) return null;
  return parseAmount(wire, scale);
}

/** Reads the form against the investor's limit and the longest term of the rate table. */
export function readLoanForm(
  form: LoanForm,
  lang: Language,
  terms: { limit: string; maxDays: number },
): LoanFormReading {
  const problems: LoanFormReading['problems'] = {};
  const amount = readEuros(form.amount, lang);
  const limit = parseAmount(terms.limit, scale) ?? 0n;
  if (amount === null || amount <= 0n) problems.amount = { key: 'loan.amount', params: [] };
  else if (amount > limit) {
    problems.amount = { key: 'loan.aboveLimit', params: [formatNumber(terms.limit, lang, scale)] };
  }
  const days = readTypedInteger(form.days, lang);
  if (days === null || days < 1) problems.days = { key: 'loan.days', params: [] };
  else if (days > terms.maxDays) problems.days = { key: 'loan.maxDays', params: [String(terms.maxDays)] };
  const purpose = form.purpose.trim();
  if (purpose.length < purposeLength.min || purpose.length > purposeLength.max) {
    problems.purpose = { key: 'loan.purpose', params: [] };
  }
  const income = readEuros(form.income, lang);
  if (income === null) problems.income = { key: 'loan.income', params: [] };
  if (form.employment === null) problems.employment = { key: 'loan.employment', params: [] };

  if (
    Object.keys(problems).length > 0 ||
    amount === null ||
    days === null ||
    income === null ||
    form.employment === null
  ) {
    return { draft: null, problems };
  }
  return {
    draft: {
      amount: formatAmount(amount, scale),
      days,
      purpose,
      monthlyIncome: formatAmount(income, scale),
      employment: form.employment,
    },
    problems,
  };
}

/** The form again from a saved draft (back from loan/apply), numbers in the reader's language. */
export function formFromDraft(draft: LoanDraft | null, lang: Language): LoanForm {
  if (!draft) return { amount: '', days: '', purpose: '', income: '', employment: null };
  return {
    amount: formatNumber(draft.amount, lang, scale),
    days: String(draft.days),
    purpose: draft.purpose,
    income: formatNumber(draft.monthlyIncome, lang, scale),
    employment: draft.employment,
  };
}

/** The draft kept in `loanData`, or null when there is none or it is not one (an older build's value). */
export function readDraft(stored: unknown): LoanDraft | null {
  const parsed = loanDraftSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
