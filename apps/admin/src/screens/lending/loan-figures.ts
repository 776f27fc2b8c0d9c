import type { adminLoans } from '@piazza/contract/calls/lending-admin';
import type { LoanState } from '@piazza/contract/calls/lending-shapes';
import type { CallOutput } from '@piazza/contract/define';
import type { Language } from '@piazza/contract/wire';
import { formatLedgerAmount } from '../../shared/format';

/*
 * How the loan screens write a loan's figures: amounts in EUR with every cent the server sent, rates as the
 * percentages they travel as ("12.00" TAN, "12.7" TAEG) with the operator's decimal mark.
 */

/** A loan as the back office lists it, with its investor. */
export type LoanRow = CallOutput<typeof adminLoans>['list'][number];

export const euros = (amount: string, lang: Language) => `${formatLedgerAmount(amount, lang)} EUR`;

export const percentOf = (rate: string, lang: Language) => `${formatLedgerAmount(rate, lang)}%`;

/** The badge of each state: what waits for an operator, what runs, what went wrong, what is closed. */
export const loanBadge: Record<LoanState, string> = {
  review: 'badge badge-wait',
  active: 'badge badge-busy',
  overdue: 'badge badge-off',
  repaying: 'badge badge-wait',
  repaid: 'badge badge-ok',
  rejected: 'badge badge-off',
};

/** How far along a loan is: a loan only moves forward (overdue is an active loan past its date). */
export const stage: Record<LoanState, number> = {
  review: 0,
  active: 1,
  overdue: 1,
  repaying: 2,
  repaid: 3,
  rejected: 3,
};

/**
 * An adjustment as typed: a whole number with an optional sign (the typographic minus too). Anything else is
 * sent as typed, so the server's refusal names the field.
 */
export function readAdjustment(typed: string): string {
  const m = /^\s*([+\-−]?)\s*(\d{1,3})\s*$/.exec(typed);
  if (!m) return typed.trim();
  const n = Number(m[2]);
  return String(m[1] === '-' || m[1] === '−' ? -n : n);
}

/** A signed number of points: "+5", "−12", "0". */
export const signedPoints = (points: number) =>
  points > 0 ? `+${points}` : points < 0 ? `−${Math.abs(points)}` : '0';
