import type { CreditScoreView } from '@piazza/contract/calls/lending-shapes';
import { creditBand } from '@piazza/core/credit-band';
import { type CreditFacts, creditScore } from '@piazza/core/loans/credit-score';
import { one, type Queryable } from '../../db/db';
import { audit } from '../../kit/audit';
import { Refusal } from '../../platform/refusal';
import { romeDay } from './loan-days';

/*
 * The credit score (issue 14 item 3, DESIGN.md §9): the pure function of packages/core applied to what the
 * platform knows of the investor, the operator's adjustment on top and shown apart. A loan is repaid on time
 * when its repayment (or withdrawal) was made by its repayment date; days overdue count to the repayment, or to
 * today for a loan still open.
 */

const dayMs = 86_400_000;

export async function creditFactsOf(q: Queryable, userId: number, nowMs: number): Promise<CreditFacts> {
  const user = await one<{ idStatus: string; createdAt: Date }>(
    q,
    'select id_status as "idStatus", created_at as "createdAt" from users where id = $1',
    [userId],
  );
  if (!user) throw new Refusal('admin.user.unknown', [userId]);
  const [deposits] = await q.query<{ n: number }>(
    `select count(*)::int as n from deposits where user_id = $1 and state = 'success'`,
    [userId],
  );
  const [loans] = await q.query<{ onTime: number; late: number; overdue: number }>(
    `select count(*) filter (where state = 'repaid' and repay_day <= disbursed_day + days)::int as "onTime",
            count(*) filter (where state = 'repaid' and repay_day > disbursed_day + days)::int as late,
            coalesce(sum(greatest(0, coalesce(repay_day, $2) - (disbursed_day + days))), 0)::int as overdue
       from loans where user_id = $1 and disbursed_day is not null`,
    [userId, romeDay(nowMs)],
  );
  return {
    kycVerified: user.idStatus === 'succ',
    accountAgeDays: Math.max(0, Math.floor((nowMs - user.createdAt.getTime()) / dayMs)),
    depositsCount: deposits?.n ?? 0,
    loansRepaidOnTime: loans?.onTime ?? 0,
    loansRepaidLate: loans?.late ?? 0,
    daysOverdue: loans?.overdue ?? 0,
  };
}

export async function creditScoreOf(q: Queryable, userId: number, nowMs: number): Promise<CreditScoreView> {
  const facts = await creditFactsOf(q, userId, nowMs);
  const row = await one<{ adjustment: number }>(
    q,
    'select credit_adjustment as adjustment from users where id = $1',
    [userId],
  );
  const result = creditScore(facts, row?.adjustment ?? 0);
  const history = await q.query<{ adjustment: number; reason: string; createdAt: Date }>(
    `select after as adjustment, reason, created_at as "createdAt" from credit_adjustments
      where user_id = $1 order by id desc limit 20`,
    [userId],
  );
  return {
    score: result.score,
    band: result.score === null ? null : creditBand(result.score),
    factors: result.factors,
    adjustment: result.adjustment,
    adjustments: history.map((h) => ({ ...h, createdAt: h.createdAt.getTime() })),
  };
}

/** The operator sets the adjustment with a reason, logged for the investor and audited, in one transaction. */
export async function adjustCredit(
  q: Queryable,
  a: { userId: number; adjustment: number; reason: string; operatorId: number; nowMs: number },
): Promise<void> {
  const row = await one<{ adjustment: number }>(
    q,
    'select credit_adjustment as adjustment from users where id = $1 for update',
    [a.userId],
  );
  if (!row) throw new Refusal('admin.user.unknown', [a.userId]);
  if (row.adjustment === a.adjustment) throw new Refusal('credit.unchanged', [a.adjustment]);
  const at = new Date(a.nowMs);
  await q.query('update users set credit_adjustment = $2, updated_at = $3 where id = $1', [
    a.userId,
    a.adjustment,
    at,
  ]);
  await q.query(
    `insert into credit_adjustments (user_id, before, after, reason, operator_id, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [a.userId, row.adjustment, a.adjustment, a.reason, a.operatorId, at],
  );
  await audit(q, {
    operatorId: a.operatorId,
    action: 'user.creditAdjustment',
    targetType: 'user',
    targetId: a.userId,
    before: { creditAdjustment: row.adjustment },
    after: { creditAdjustment: a.adjustment },
    reason: a.reason,
  });
}
