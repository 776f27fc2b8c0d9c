import * as calls from '@piazza/contract/calls/lending';
import * as admin from '@piazza/contract/calls/lending-admin';
import { displayUserId } from '@piazza/core/display-id';
import { parseAmount } from '@piazza/core/money';
import type { FastifyInstance } from 'fastify';
import { one, type Queryable } from '../../db/db';
import { implement, operatorOf, userOf } from '../../http/implement';
import { publishAfterReply } from '../../kit/after-reply';
import { audit } from '../../kit/audit';
import { pageAt, pagedRows } from '../../kit/paging';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { tradePinGuard, tradePinPassed } from '../security';
import { adjustCredit, creditScoreOf } from './credit';
import { loanJobs } from './jobs';
import { romeDay } from './loan-days';
import {
  eur,
  eurScale,
  type LoanRow,
  loanColumns,
  loanViewOf,
  rateRowsView,
  rateTable,
  secciOf,
} from './loan-rows';
import { apply, checkTerms, confirmRepayment, disburse, reject, repay } from './loans';

/* Loans and the credit score for investors and the back office (issue 14, decision 035). */

function amountOf(text: string): bigint {
  const minor = parseAmount(text, eurScale);
  if (minor === null || minor <= 0n) throw new Refusal('loan.amount');
  return minor;
}

/** A stored-state filter for a shown state: overdue is an active loan past its repayment date. */
function stateFilter(
  state: string | undefined,
  today: number,
  first: number,
): { sql: string; params: unknown[] } {
  if (state === undefined) return { sql: '', params: [] };
  if (state === 'overdue')
    return { sql: ` and state = 'active' and disbursed_day + days < $${first}`, params: [today] };
  if (state === 'active')
    return { sql: ` and state = 'active' and disbursed_day + days >= $${first}`, params: [today] };
  return { sql: ` and state = $${first}`, params: [state] };
}

function mountInvestorCalls(app: FastifyInstance, services: Services): void {
  const tradePin = tradePinGuard(services);
  const { clock } = services;

  implement(app, services, calls.userLoan, async (ctx) => {
    const userId = userOf(ctx).id;
    const today = romeDay(clock.now());
    const rates = await rateTable(ctx.db);
    const user = await one<{ limit: bigint }>(
      ctx.db,
      'select loan_limit as "limit" from users where id = $1',
      [userId],
    );
    const [open] = await ctx.db.query<LoanRow>(
      `select ${loanColumns} from loans where user_id = $1 and state in ('review', 'active', 'repaying')`,
      [userId],
    );
    return {
      currency: 'EUR' as const,
      limit: eur(user?.limit ?? 0n),
      maxDays: rates.at(-1)?.days ?? 0,
      rates: rateRowsView(rates),
      open: open ? loanViewOf(open, today) : null,
    };
  });

  implement(app, services, calls.userLoanSecci, async (ctx) => {
    const principal = amountOf(ctx.input.amount);
    const rate = await checkTerms(ctx.db, userOf(ctx).id, { principal, days: ctx.input.days }, false);
    return secciOf(principal, ctx.input.days, rate.rateBp, romeDay(clock.now()));
  });

  implement(
    app,
    services,
    calls.userLoanApply,
    async (ctx) => {
      const userId = userOf(ctx).id;
      if (!(await tradePinPassed(ctx.q, ctx.req, userId))) throw new Refusal('trade.pin.required');
      const nowMs = clock.now();
      const income = parseAmount(ctx.input.monthlyIncome, eurScale);
      if (income === null) throw new Refusal('loan.income');
      const loan = await apply(ctx.q, {
        userId,
        principal: amountOf(ctx.input.amount),
        days: ctx.input.days,
        purpose: ctx.input.purpose,
        monthlyIncome: income,
        employment: ctx.input.employment,
        secciAccepted: ctx.input.secciAccepted,
        nowMs,
      });
      const view = loanViewOf(loan, romeDay(nowMs));
      publishAfterReply(services, ctx.reply, userId, 'loan', view);
      return view;
    },
    { guard: tradePin },
  );

  implement(app, services, calls.userLoanOrderList, async (ctx) => {
    const userId = userOf(ctx).id;
    const today = romeDay(clock.now());
    const at = pageAt(ctx.input);
    const filter = stateFilter(ctx.input.state, today, 2);
    const { rows, total } = await pagedRows<LoanRow>(
      ctx.db,
      {
        columns: loanColumns,
        from: 'loans',
        where: `user_id = $1${filter.sql}`,
        orderBy: 'id desc',
        params: [userId, ...filter.params],
      },
      at,
    );
    return { list: rows.map((l) => loanViewOf(l, today)), total, ...at };
  });

  const repayCall = (call: typeof calls.userLoanRepay | typeof calls.userLoanWithdraw) =>
    implement(
      app,
      services,
      call,
      async (ctx) => {
        const userId = userOf(ctx).id;
        if (!(await tradePinPassed(ctx.q, ctx.req, userId))) throw new Refusal('trade.pin.required');
        const nowMs = clock.now();
        const input = ctx.input as { id: number; amount?: string };
        const loan = await repay(ctx.q, {
          userId,
          id: input.id,
          ending: call === calls.userLoanRepay ? 'repayment' : 'withdrawal',
          ...(input.amount === undefined ? {} : { amount: amountOf(input.amount) }),
          nowMs,
        });
        const view = loanViewOf(loan, romeDay(nowMs));
        publishAfterReply(services, ctx.reply, userId, 'loan', view);
        return view;
      },
      { guard: tradePin },
    );
  repayCall(calls.userLoanRepay);
  repayCall(calls.userLoanWithdraw);

  implement(app, services, calls.userCreditScore, async (ctx) =>
    creditScoreOf(ctx.db, userOf(ctx).id, clock.now()),
  );
}

const adminViewOf = (l: LoanRow, today: number) => ({
  ...loanViewOf(l, today),
  userId: l.userId,
  investor: displayUserId(l.userId),
});

function mountAdminCalls(app: FastifyInstance, services: Services): void {
  const { clock, db } = services;

  implement(app, services, admin.adminLoans, async (ctx) => {
    const today = romeDay(clock.now());
    const at = pageAt(ctx.input);
    const params: unknown[] = [];
    let where = 'true';
    if (ctx.input.userId !== undefined) {
      params.push(ctx.input.userId);
      where += ` and user_id = $${params.length}`;
    }
    const filter = stateFilter(ctx.input.state, today, params.length + 1);
    where += filter.sql;
    params.push(...filter.params);
    const waiting = ctx.input.state === 'review' || ctx.input.state === 'repaying';
    const { rows, total } = await pagedRows<LoanRow>(
      ctx.db,
      { columns: loanColumns, from: 'loans', where, orderBy: waiting ? 'id' : 'id desc', params },
      at,
    );
    return { list: rows.map((l) => adminViewOf(l, today)), total, ...at };
  });

  /** One decision on a loan, audited in its transaction. */
  const decide = (
    call:
      | typeof admin.adminLoanApprove
      | typeof admin.adminLoanReject
      | typeof admin.adminLoanConfirmRepayment,
    action: string,
    act: (
      q: Queryable,
      id: number,
      operatorId: number,
      nowMs: number,
      reason: string | null,
    ) => Promise<LoanRow>,
  ) =>
    implement(app, services, call, async (ctx) => {
      const op = operatorOf(ctx);
      const nowMs = clock.now();
      const input = ctx.input as { id: number; reason?: string };
      const reason = input.reason ?? null;
      const loan = await db.tx(async (q) => {
        const before = await one<{ state: string }>(q, 'select state from loans where id = $1', [input.id]);
        const after = await act(q, input.id, op.id, nowMs, reason);
        await audit(q, {
          operatorId: op.id,
          action,
          targetType: 'loan',
          targetId: input.id,
          before: before ?? null,
          after: { state: after.state, amount: eur(after.principal) },
          reason,
        });
        return after;
      });
      const view = loanViewOf(loan, romeDay(nowMs));
      publishAfterReply(services, ctx.reply, loan.userId, 'loan', view);
      return { ...view, userId: loan.userId, investor: displayUserId(loan.userId) };
    });
  decide(admin.adminLoanApprove, 'loan.approve', (q, id, op, nowMs) => disburse(q, id, op, nowMs));
  decide(admin.adminLoanReject, 'loan.reject', (q, id, op, nowMs, reason) =>
    reject(q, id, op, reason ?? '', nowMs),
  );
  decide(admin.adminLoanConfirmRepayment, 'loan.repaid', (q, id, op, nowMs) =>
    confirmRepayment(q, id, op, nowMs),
  );

  implement(app, services, admin.adminLoanRates, async (ctx) => ({
    list: rateRowsView(await rateTable(ctx.db)),
  }));

  implement(app, services, admin.adminLoanRateSave, async (ctx) => {
    const op = operatorOf(ctx);
    const bp = parseAmount(ctx.input.rate, 2);
    if (bp === null || bp > 3000n) throw new Refusal('loanRate.rate');
    return db.tx(async (q) => {
      const before = await one<{ rateBp: number }>(
        q,
        'select rate_bp as "rateBp" from loan_rates where days = $1',
        [ctx.input.days],
      );
      await q.query(
        `insert into loan_rates (days, rate_bp, updated_at) values ($1, $2, $3)
         on conflict (days) do update set rate_bp = excluded.rate_bp, updated_at = excluded.updated_at`,
        [ctx.input.days, Number(bp), new Date(clock.now())],
      );
      await audit(q, {
        operatorId: op.id,
        action: 'loanRate.save',
        targetType: 'loanRate',
        targetId: ctx.input.days,
        before: before ? { rateBp: before.rateBp } : null,
        after: { rateBp: Number(bp) },
      });
      return { list: rateRowsView(await rateTable(q)) };
    });
  });

  implement(app, services, admin.adminLoanRateDelete, async (ctx) => {
    const op = operatorOf(ctx);
    return db.tx(async (q) => {
      const [gone] = await q.query<{ rateBp: number }>(
        'delete from loan_rates where days = $1 returning rate_bp as "rateBp"',
        [ctx.input.days],
      );
      if (!gone) throw new Refusal('loanRate.notFound', [ctx.input.days]);
      await audit(q, {
        operatorId: op.id,
        action: 'loanRate.delete',
        targetType: 'loanRate',
        targetId: ctx.input.days,
        before: { rateBp: gone.rateBp },
        after: null,
      });
      return { list: rateRowsView(await rateTable(q)) };
    });
  });

  implement(app, services, admin.adminCreditScoreView, async (ctx) =>
    creditScoreOf(ctx.db, ctx.input.id, clock.now()),
  );

  implement(app, services, admin.adminCreditAdjust, async (ctx) => {
    const op = operatorOf(ctx);
    const nowMs = clock.now();
    return db.tx(async (q) => {
      await adjustCredit(q, { ...ctx.input, userId: ctx.input.id, operatorId: op.id, nowMs });
      return creditScoreOf(q, ctx.input.id, nowMs);
    });
  });
}

export async function registerLending(app: FastifyInstance, services: Services): Promise<void> {
  for (const job of loanJobs(services)) services.jobs.define(job);
  mountInvestorCalls(app, services);
  mountAdminCalls(app, services);
}
