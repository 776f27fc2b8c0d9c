import type { LoanState, LoanView, SecciView } from '@piazza/contract/calls/lending-shapes';
import { dailyAccrualMinor, interestToDateMinor } from '@piazza/core/loans/interest';
import { taegRate, taegTenthsOfPercent } from '@piazza/core/loans/taeg';
import { formatAmount } from '@piazza/core/money';
import type { Queryable } from '../../db/db';
import type { AccountRef } from '../../ledger/post';
import { isoDay, withdrawalDays } from './loan-days';

/* The loans table as the module reads it, and the views the calls answer (calls/lending-shapes.ts). */

export const eurScale = 2;
export const eur = (minor: bigint) => formatAmount(minor, eurScale);

export type StoredLoanState = Exclude<LoanState, 'overdue'>;

export interface LoanRow {
  id: bigint;
  userId: number;
  principal: bigint;
  days: number;
  rateBp: number;
  purpose: string;
  monthlyIncome: bigint;
  employment: LoanView['employment'];
  state: StoredLoanState;
  createdAt: Date;
  rejectReason: string | null;
  disbursedAt: Date | null;
  disbursedDay: number | null;
  accrued: bigint;
  accruedDays: number;
  ending: LoanView['ending'];
  repayDay: number | null;
  repayAmount: bigint | null;
  repaidAt: Date | null;
}

export const loanColumns = `id, user_id as "userId", principal, days, rate_bp as "rateBp", purpose,
  monthly_income as "monthlyIncome", employment, state, created_at as "createdAt", reject_reason as "rejectReason",
  disbursed_at as "disbursedAt", disbursed_day as "disbursedDay", accrued, accrued_days as "accruedDays", ending,
  repay_day as "repayDay", repay_amount as "repayAmount", repaid_at as "repaidAt"`;

export async function loanById(
  q: Queryable,
  id: number | bigint,
  opts: { userId?: number; lock?: boolean } = {},
): Promise<LoanRow | undefined> {
  const params: unknown[] = [String(id)];
  if (opts.userId !== undefined) params.push(opts.userId);
  const [row] = await q.query<LoanRow>(
    `select ${loanColumns} from loans where id = $1${opts.userId !== undefined ? ' and user_id = $2' : ''}
     ${opts.lock ? 'for update' : ''}`,
    params,
  );
  return row;
}

/** The platform's claim on one loan: its balance is minus what the investor owes (principal + interest booked). */
export const loanAccount = (id: bigint): AccountRef => ({
  ownerType: 'platform',
  ownerId: 0,
  purpose: `loan:${id}`,
  asset: 'EUR',
});
export const interestIncome: AccountRef = {
  ownerType: 'platform',
  ownerId: 0,
  purpose: 'interest-income',
  asset: 'EUR',
};
export const userEur = (userId: number, purpose: 'spot' | 'frozen'): AccountRef => ({
  ownerType: 'user',
  ownerId: userId,
  purpose,
  asset: 'EUR',
});
export const loanRef = (id: bigint) => ({ type: 'loan', id: String(id) });

/** The TAN in percent as the wire writes it: 1200 bp → "12.00". */
export const ratePercent = (bp: number) => formatAmount(BigInt(bp), 2);

/**
 * The SECCI figures of a principal, a term and a rate, disbursed on `fromDay`: one drawdown on day 0 and one
 * repayment of principal plus the term's interest on day `days` give the TAEG (no fees are charged).
 */
export function secciOf(principal: bigint, days: number, rateBp: number, fromDay: number): SecciView {
  const interest = interestToDateMinor(principal, rateBp, days);
  const taeg = taegRate(
    [{ day: 0, amountMinor: principal }],
    [{ day: days, amountMinor: principal + interest }],
  );
  const tenths = taegTenthsOfPercent(taeg);
  return {
    currency: 'EUR',
    amount: eur(principal),
    days,
    tan: ratePercent(rateBp),
    taeg: `${Math.trunc(tenths / 10)}.${tenths % 10}`,
    totalInterest: eur(interest),
    totalCost: eur(interest),
    totalRepayable: eur(principal + interest),
    dailyInterest: eur(interestToDateMinor(principal, rateBp, 1)),
    repaymentDate: isoDay(fromDay + days),
    withdrawalDays,
    withdrawalUntil: isoDay(fromDay + withdrawalDays),
  };
}

/** Days borrowed as of `today`: to the repayment request once one was made, never below 0. */
export function daysBorrowed(l: LoanRow, today: number): number {
  if (l.disbursedDay === null) return 0;
  return Math.max(0, (l.repayDay ?? today) - l.disbursedDay);
}

export function shownState(l: LoanRow, today: number): LoanState {
  if (l.state === 'active' && l.disbursedDay !== null && today > l.disbursedDay + l.days) return 'overdue';
  return l.state;
}

export function loanViewOf(l: LoanRow, today: number): LoanView {
  const borrowed = daysBorrowed(l, today);
  const interest = interestToDateMinor(l.principal, l.rateBp, borrowed);
  const open = l.state === 'active' || l.state === 'repaying';
  const schedule: LoanView['schedule'] = [];
  if (l.disbursedDay !== null) {
    const last = l.state === 'active' ? Math.max(l.days, borrowed) : borrowed;
    for (let d = 1; d <= last; d++) {
      const toDate = interestToDateMinor(l.principal, l.rateBp, d);
      schedule.push({
        date: isoDay(l.disbursedDay + d),
        day: d,
        interest: eur(dailyAccrualMinor(l.principal, l.rateBp, d)),
        interestToDate: eur(toDate),
        owed: eur(l.principal + toDate),
        booked: d <= l.accruedDays,
      });
    }
  }
  return {
    id: Number(l.id),
    state: shownState(l, today),
    ending: l.ending,
    currency: 'EUR',
    amount: eur(l.principal),
    days: l.days,
    tan: ratePercent(l.rateBp),
    taeg: secciOf(l.principal, l.days, l.rateBp, l.disbursedDay ?? today).taeg,
    purpose: l.purpose,
    monthlyIncome: eur(l.monthlyIncome),
    employment: l.employment,
    createdAt: l.createdAt.getTime(),
    disbursedAt: l.disbursedAt?.getTime() ?? null,
    repaymentDate: l.disbursedDay === null ? null : isoDay(l.disbursedDay + l.days),
    withdrawalUntil: l.disbursedDay === null ? null : isoDay(l.disbursedDay + withdrawalDays),
    daysBorrowed: borrowed,
    interestToDate: eur(interest),
    owedToday: eur(l.state === 'active' ? l.principal + interest : 0n),
    repaymentAmount: eur(l.principal + interestToDateMinor(l.principal, l.rateBp, l.days)),
    repaidAmount: l.repayAmount === null ? null : eur(l.repayAmount),
    repaidAt: l.repaidAt?.getTime() ?? null,
    rejectReason: l.rejectReason,
    secci: secciOf(l.principal, l.days, l.rateBp, l.disbursedDay ?? today),
    schedule: open || l.state === 'repaid' ? schedule : [],
  };
}

export interface RateRow {
  days: number;
  rateBp: number;
}

export async function rateTable(q: Queryable): Promise<RateRow[]> {
  return q.query<RateRow>('select days, rate_bp as "rateBp" from loan_rates order by days');
}

export const rateRowsView = (rows: RateRow[]) =>
  rows.map((r) => ({ days: r.days, rate: ratePercent(r.rateBp) }));
