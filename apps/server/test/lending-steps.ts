import type { LoanView, SecciView } from '@piazza/contract/calls/lending-shapes';
import { expect } from 'vitest';
import { demoAdmin, signIn } from './admin-fixtures';
import { call, type TestApp } from './helper';
import { type Investor, newApplicant, requestId } from './investor-steps';

/*
 * Steps of the loan tests: an investor with a limit set by the back office, an application with its SECCI
 * accepted, the operator's decisions, and the daily interest job run at the clock's now.
 */

export const lendingAdmin = (t: TestApp) => signIn(t.app, demoAdmin);

/** A KYC-verified investor holding `euros` minor units on spot, with a loan limit of `limit` euros. */
export async function borrower(t: TestApp, euros: bigint, limit = '5000.00'): Promise<Investor> {
  const who = await newApplicant(t, euros);
  const admin = await lendingAdmin(t);
  const res = await call(
    t.app,
    'POST',
    '/admin/user/loanlimit',
    { id: who.id, amount: limit, reason: 'income checked' },
    { token: admin },
  );
  expect(res.code, res.msg).toBe(0);
  return who;
}

export const secci = (t: TestApp, who: Investor, amount: string, days: number) =>
  call<SecciView>(t.app, 'GET', '/user/loan/secci', { amount, days }, { token: who.token });

export const applyFor = (
  t: TestApp,
  who: Investor,
  amount: string,
  days: number,
  opts: { lang?: string; secciAccepted?: boolean; id?: string } = {},
) =>
  call<LoanView>(
    t.app,
    'POST',
    '/user/loan/apply',
    {
      amount,
      days,
      purpose: 'Car repair',
      monthlyIncome: '2500.00',
      employment: 'employed',
      secciAccepted: opts.secciAccepted === false ? 0 : 1,
      requestId: opts.id ?? requestId(),
    },
    { token: who.token, lang: opts.lang ?? 'en-US' },
  );

/** Applies and has the operator approve: the loan is disbursed. */
export async function disbursedLoan(
  t: TestApp,
  who: Investor,
  amount: string,
  days: number,
): Promise<LoanView> {
  const applied = await applyFor(t, who, amount, days);
  expect(applied.code, applied.msg).toBe(0);
  const approved = await decide(t, 'approve', applied.data.id);
  expect(approved.code, approved.msg).toBe(0);
  return approved.data;
}

export async function decide(
  t: TestApp,
  what: 'approve' | 'reject' | 'repayment/confirm',
  id: number,
  extra: Record<string, string> = {},
) {
  return call<LoanView>(
    t.app,
    'POST',
    `/admin/loans/${what}`,
    { id, ...extra },
    { token: await lendingAdmin(t) },
  );
}

export const repayLoan = (
  t: TestApp,
  who: Investor,
  id: number,
  amount: string,
  opts: { lang?: string; rid?: string } = {},
) =>
  call<LoanView>(
    t.app,
    'POST',
    '/user/loan/repay',
    { id, amount, requestId: opts.rid ?? requestId() },
    { token: who.token, lang: opts.lang ?? 'en-US' },
  );

export const withdrawLoan = (t: TestApp, who: Investor, id: number, lang = 'en-US') =>
  call<LoanView>(
    t.app,
    'POST',
    '/user/loan/withdraw',
    { id, requestId: requestId() },
    { token: who.token, lang },
  );

export async function loans(t: TestApp, who: Investor): Promise<LoanView[]> {
  const res = await call<{ list: LoanView[] }>(
    t.app,
    'GET',
    '/user/loan/order/list',
    {},
    { token: who.token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data.list;
}

/** Runs every due day of the interest job at the clock's now. */
export async function runInterest(t: TestApp): Promise<string[]> {
  const runs = await t.app.services.jobs.runNow('loan-interest', 'test');
  for (const r of runs) expect(r.state, `${r.key} ${r.error ?? ''}`).toBe('succeeded');
  return runs.map((r) => r.summary ?? '');
}

/** The interest entries booked on a loan, in minor units. */
export async function interestBooked(t: TestApp, loanId: number): Promise<bigint> {
  const [row] = await t.db.query<{ n: bigint | null }>(
    `select sum(p.amount)::bigint as n from journal_entries e join postings p on p.entry_id = e.id
       join accounts a on a.id = p.account_id
      where e.bill_type = 'loan_interest' and e.ref_id = $1 and a.purpose = 'interest-income'`,
    [String(loanId)],
  );
  return row?.n ?? 0n;
}
