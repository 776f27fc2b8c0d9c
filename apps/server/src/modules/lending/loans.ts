import type { EmploymentStatus } from '@piazza/contract/calls/lending-shapes';
import { interestToDateMinor } from '@piazza/core/loans/interest';
import { one, type Queryable } from '../../db/db';
import { notifyInvestor } from '../../kit/personal-notice';
import { balanceOf, postEntry } from '../../ledger/post';
import { Refusal } from '../../platform/refusal';
import { requireKycVerified } from '../kyc';
import { isoDay, romeDay, withdrawalDays } from './loan-days';
import {
  eur,
  interestIncome,
  type LoanRow,
  loanAccount,
  loanById,
  loanColumns,
  loanRef,
  type RateRow,
  rateTable,
  userEur,
} from './loan-rows';

/*
 * A loan's life (issue 14, TUB art. 121–126, decision 035). Each step runs in the caller's transaction with the
 * loan's row locked, so the daily interest job and a repayment never book the same day twice, and a refused
 * step leaves nothing behind.
 */

export interface Terms {
  principal: bigint;
  days: number;
}

/** The rate of a term: the row with the fewest days at least the term's. Refuses terms the table does not offer. */
export function rateFor(rates: readonly RateRow[], days: number): RateRow {
  const longest = rates.at(-1);
  if (!longest) throw new Refusal('loan.noRates');
  if (days > longest.days) throw new Refusal('loan.maxDays', [longest.days]);
  return rates.find((r) => r.days >= days) as RateRow;
}

/** The terms checked as an application checks them (KYC, limit, longest term); answers the rate. */
export async function checkTerms(q: Queryable, userId: number, t: Terms, lock: boolean): Promise<RateRow> {
  if (t.principal <= 0n) throw new Refusal('loan.amount');
  await requireKycVerified(q, userId);
  const rate = rateFor(await rateTable(q), t.days);
  const user = await one<{ limit: bigint }>(
    q,
    `select loan_limit as "limit" from users where id = $1 ${lock ? 'for update' : ''}`,
    [userId],
  );
  const limit = user?.limit ?? 0n;
  if (limit === 0n) throw new Refusal('loan.noLimit');
  if (t.principal > limit) throw new Refusal('loan.aboveLimit', [eur(limit)]);
  return rate;
}

export interface Application extends Terms {
  userId: number;
  purpose: string;
  monthlyIncome: bigint;
  employment: EmploymentStatus;
  secciAccepted: boolean;
  nowMs: number;
}

export async function apply(q: Queryable, a: Application): Promise<LoanRow> {
  // The user's row locked first: two applications of one investor queue here.
  const rate = await checkTerms(q, a.userId, a, true);
  const open = await one<{ id: bigint }>(
    q,
    `select id from loans where user_id = $1 and state in ('review', 'active', 'repaying')`,
    [a.userId],
  );
  if (open) throw new Refusal('loan.open');
  if (!a.secciAccepted) throw new Refusal('loan.secci');
  const [row] = await q.query<LoanRow>(
    `insert into loans (user_id, principal, days, rate_bp, purpose, monthly_income, employment, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${loanColumns}`,
    [a.userId, a.principal, a.days, rate.rateBp, a.purpose, a.monthlyIncome, a.employment, new Date(a.nowMs)],
  );
  return row as LoanRow;
}

/** Approves a loan under review and pays the principal into the investor's EUR spot account. */
export async function disburse(
  q: Queryable,
  id: number,
  operatorId: number,
  nowMs: number,
): Promise<LoanRow> {
  const l = await loanById(q, id, { lock: true });
  if (!l) throw new Refusal('loan.notFound');
  if (l.state !== 'review') throw new Refusal('loan.notInReview');
  const user = await one<{ limit: bigint }>(q, 'select loan_limit as "limit" from users where id = $1', [
    l.userId,
  ]);
  if (l.principal > (user?.limit ?? 0n)) throw new Refusal('loan.limitNow', [eur(user?.limit ?? 0n)]);
  await postEntry(q, {
    billType: 'loan_disbursal',
    actor: { type: 'operator', id: String(operatorId) },
    ref: loanRef(l.id),
    idempotencyKey: `loan:${l.id}:disburse`,
    postings: [
      { account: loanAccount(l.id), amount: -l.principal },
      { account: userEur(l.userId, 'spot'), amount: l.principal },
    ],
  });
  const [row] = await q.query<LoanRow>(
    `update loans set state = 'active', decided_at = $2, decided_by = $3, disbursed_at = $2, disbursed_day = $4
      where id = $1 returning ${loanColumns}`,
    [String(l.id), new Date(nowMs), operatorId, romeDay(nowMs)],
  );
  await notifyInvestor(q, {
    userId: l.userId,
    key: 'notice.loan.approved',
    params: [eur(l.principal)],
    ref: `loan:${l.id}`,
    nowMs,
  });
  return row as LoanRow;
}

export async function reject(
  q: Queryable,
  id: number,
  operatorId: number,
  reason: string,
  nowMs: number,
): Promise<LoanRow> {
  const l = await loanById(q, id, { lock: true });
  if (!l) throw new Refusal('loan.notFound');
  if (l.state !== 'review') throw new Refusal('loan.notInReview');
  const [row] = await q.query<LoanRow>(
    `update loans set state = 'rejected', decided_at = $2, decided_by = $3, reject_reason = $4
      where id = $1 returning ${loanColumns}`,
    [String(l.id), new Date(nowMs), operatorId, reason],
  );
  await notifyInvestor(q, {
    userId: l.userId,
    key: 'notice.loan.rejected',
    params: [reason],
    ref: `loan:${l.id}`,
    nowMs,
  });
  return row as LoanRow;
}

/**
 * Books the interest of a locked active loan up to `days` days borrowed: one entry for the days not yet booked,
 * keyed by the loan and the day count, so the daily job and a repayment catching up never book a day twice.
 * Answers the interest booked now.
 */
export async function accrueTo(
  q: Queryable,
  l: LoanRow,
  days: number,
  actor: 'job' | 'user',
): Promise<bigint> {
  if (l.state !== 'active' || days <= l.accruedDays) return 0n;
  const owed = interestToDateMinor(l.principal, l.rateBp, days);
  const amount = owed - l.accrued;
  if (amount > 0n) {
    await postEntry(q, {
      billType: 'loan_interest',
      actor: actor === 'job' ? { type: 'job', id: 'loan-interest' } : { type: 'user', id: String(l.userId) },
      ref: loanRef(l.id),
      idempotencyKey: `loan:${l.id}:interest:${days}`,
      memo: `days ${l.accruedDays + 1}–${days}`,
      postings: [
        { account: loanAccount(l.id), amount: -amount },
        { account: interestIncome, amount },
      ],
    });
  }
  await q.query('update loans set accrued = $2, accrued_days = $3 where id = $1', [String(l.id), owed, days]);
  l.accrued = owed;
  l.accruedDays = days;
  return amount;
}

/**
 * Takes what is owed today (principal plus the interest of the days used) from the investor's spot account
 * into `frozen`, and puts the loan under repayment review. A repayment checks the amount the investor typed
 * against it; a withdrawal must come within 14 days of the disbursement.
 */
export async function repay(
  q: Queryable,
  r: { userId: number; id: number; ending: 'repayment' | 'withdrawal'; amount?: bigint; nowMs: number },
): Promise<LoanRow> {
  const l = await loanById(q, r.id, { userId: r.userId, lock: true });
  if (!l) throw new Refusal('loan.notFound');
  if (l.state !== 'active' || l.disbursedDay === null) throw new Refusal('loan.notActive');
  const today = romeDay(r.nowMs);
  if (r.ending === 'withdrawal' && today > l.disbursedDay + withdrawalDays) {
    throw new Refusal('loan.withdrawalOver', [isoDay(l.disbursedDay + withdrawalDays)]);
  }
  const days = today - l.disbursedDay;
  const owed = l.principal + interestToDateMinor(l.principal, l.rateBp, days);
  if (r.amount !== undefined && r.amount > owed) throw new Refusal('loan.repayMore', [eur(owed)]);
  if (r.amount !== undefined && r.amount < owed) throw new Refusal('loan.repayLess', [eur(owed)]);
  if ((await balanceOf(q, userEur(r.userId, 'spot'))) < owed) throw new Refusal('loan.balance', [eur(owed)]);
  await accrueTo(q, l, days, 'user');
  await postEntry(q, {
    billType: 'loan_repayment',
    actor: { type: 'user', id: String(r.userId) },
    ref: loanRef(l.id),
    idempotencyKey: `loan:${l.id}:repay`,
    memo: r.ending,
    postings: [
      { account: userEur(r.userId, 'spot'), amount: -owed },
      { account: userEur(r.userId, 'frozen'), amount: owed },
    ],
  });
  const [row] = await q.query<LoanRow>(
    `update loans set state = 'repaying', ending = $2, repay_requested_at = $3, repay_day = $4, repay_amount = $5
      where id = $1 returning ${loanColumns}`,
    [String(l.id), r.ending, new Date(r.nowMs), today, owed],
  );
  return row as LoanRow;
}

/** The operator confirms a repayment under review: the frozen amount settles the platform's claim. */
export async function confirmRepayment(
  q: Queryable,
  id: number,
  operatorId: number,
  nowMs: number,
): Promise<LoanRow> {
  const l = await loanById(q, id, { lock: true });
  if (!l) throw new Refusal('loan.notFound');
  if (l.state !== 'repaying' || l.repayAmount === null) throw new Refusal('loan.notRepaying');
  await postEntry(q, {
    billType: 'loan_repayment',
    actor: { type: 'operator', id: String(operatorId) },
    ref: loanRef(l.id),
    idempotencyKey: `loan:${l.id}:settle`,
    postings: [
      { account: userEur(l.userId, 'frozen'), amount: -l.repayAmount },
      { account: loanAccount(l.id), amount: l.repayAmount },
    ],
  });
  const [row] = await q.query<LoanRow>(
    `update loans set state = 'repaid', repaid_at = $2, repaid_by = $3 where id = $1 returning ${loanColumns}`,
    [String(l.id), new Date(nowMs), operatorId],
  );
  return row as LoanRow;
}
