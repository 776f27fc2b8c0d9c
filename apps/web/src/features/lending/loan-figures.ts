import type { CreditScoreView, LoanState, LoanView } from '@piazza/contract/calls/lending-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatNumber, missingFigure } from '@piazza/core/format-number';

/*
 * How the loan pages read the server's figures: calendar dates (the wire's "2026-12-23", a day in Rome) in
 * the apps' day-month-year form, rates as percentages, and which actions a loan allows.
 */

/** A wire calendar date "2026-12-23" as the apps write dates, "23-12-2026" (SPEC §9); "--" when none. */
export function calendarDateText(isoDay: string | null): string {
  const m = isoDay ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay) : null;
  return m ? `${m[3]}-${m[2]}-${m[1]}` : missingFigure;
}

/** A wire rate in percent ("12.00", TAEG "12.7") with its own decimals: "12,00%", "12,7%". */
export function rateText(rate: string, lang: Language): string {
  const decimals = rate.split('.')[1]?.length ?? 0;
  return `${formatNumber(rate, lang, decimals)}%`;
}

/** A loan in progress: the investor may repay it (in full, what is owed today). */
export function canRepay(loan: Pick<LoanView, 'state'>): boolean {
  return loan.state === 'active' || loan.state === 'overdue';
}

/**
 * Within the 14-day right of withdrawal (TUB art. 125-ter): the server allows it up to and including the
 * 14th day after the disbursement, which is `daysBorrowed` ≤ 14 for a loan in progress.
 */
export function canWithdraw(loan: Pick<LoanView, 'state' | 'daysBorrowed' | 'secci'>): boolean {
  return canRepay(loan) && loan.daysBorrowed <= loan.secci.withdrawalDays;
}

/** The colour of a state's badge. */
export function stateTone(state: LoanState): 'good' | 'bad' | 'wait' | 'done' {
  if (state === 'active') return 'good';
  if (state === 'overdue' || state === 'rejected') return 'bad';
  if (state === 'repaid') return 'done';
  return 'wait';
}

/**
 * Why there is no score yet: no verified identity, or no history to rate (no deposit, no loan repaid); the
 * score is null in exactly these cases (core/loans/credit-score.ts).
 */
export function notRatedReason(view: Pick<CreditScoreView, 'factors'>): 'identity' | 'history' {
  const identity = view.factors.find((f) => f.key === 'identity');
  return identity && identity.points > 0 ? 'history' : 'identity';
}

/** Points with their sign: "+25", "−6", "0". */
export function pointsText(points: number): string {
  if (points > 0) return `+${points}`;
  if (points < 0) return `−${-points}`;
  return '0';
}

/** The TAN a term would carry: the rate table's row with the fewest days at least the term's (decision 035). */
export function rateFor(rates: readonly { days: number; rate: string }[], days: number): string | null {
  const fitting = rates.filter((r) => r.days >= days).sort((a, b) => a.days - b.days);
  return fitting[0]?.rate ?? null;
}
