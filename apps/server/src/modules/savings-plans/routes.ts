import * as calls from '@piazza/contract/calls/plans';
import { planAmountMax, planAmountMin } from '@piazza/contract/calls/plans-shapes';
import { formatAmount, parseAmount } from '@piazza/core/money';
import type { PlanFrequency } from '@piazza/core/plans/schedule';
import { nextTradingDay } from '@piazza/core/plans/schedule';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { implement, operatorOf, userOf } from '../../http/implement';
import { audit } from '../../kit/audit';
import { pageAt, pagedRows } from '../../kit/paging';
import { dayOfIso } from '../../market/calendar/civil-date';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { hasPin, pinGuard, tradePinGuard, tradePinPassed, verifyPin } from '../security';
import { planHoldings, previewSale, sellFractions } from './fractions';
import { planJobs } from './jobs';
import {
  eurScale,
  isoDay,
  nextDates,
  ownPlan,
  type PlanRow,
  planColumns,
  plannable,
  planOf,
  planTermsOf,
  planViewOf,
  romeDay,
  tradesOn,
} from './plan-rows';

/* Savings plans for investors and their terms in the back office (issue 20 item 3, decision 054). */

const amountMin = parseAmount(planAmountMin, eurScale) as bigint;
const amountMax = parseAmount(planAmountMax, eurScale) as bigint;
const planFeeMax = 10_000n;

function amountOf(text: string): bigint {
  const minor = parseAmount(text, eurScale);
  if (minor === null) throw new Refusal('plan.amount');
  if (minor < amountMin) throw new Refusal('plan.amountMin', [planAmountMin]);
  if (minor > amountMax) throw new Refusal('plan.amountMax', [planAmountMax]);
  return minor;
}

export async function registerSavingsPlans(app: FastifyInstance, services: Services): Promise<void> {
  const { clock } = services;
  for (const job of planJobs(services)) services.jobs.define(job);
  // Starting or changing a plan asks the transaction password as orders do, before any transaction opens.
  const planPin = pinGuard<typeof calls.userPlanCreate | typeof calls.userPlanChange>(
    services,
    'trade',
    async (user, input) => {
      if (!(await hasPin(services.db, user.id, 'trade'))) return 'noPin';
      if (input.tradePassword === undefined) throw new Refusal('trade.pin.required');
      await verifyPin(services.db, user.id, 'trade', input.tradePassword, clock.now());
      return 'verified';
    },
  );

  implement(app, services, calls.userPlanList, async (ctx) => {
    const at = pageAt(ctx.input);
    const { rows, total } = await pagedRows<PlanRow>(
      ctx.db,
      {
        columns: planColumns,
        from: 'savings_plans',
        where: 'user_id = $1',
        orderBy: 'id desc',
        params: [userOf(ctx).id],
      },
      at,
    );
    const list = [];
    for (const row of rows) list.push(await planViewOf(ctx.db, services, row));
    return { list, total, ...at };
  });

  implement(app, services, calls.userPlanDetail, async (ctx) => {
    const plan = await ownPlan(ctx.db, userOf(ctx).id, ctx.input.id);
    const instrument = services.market.instrument(plan.symbol);
    const rows = await ctx.db.query<{
      id: bigint;
      dueDay: number;
      attemptDay: number;
      state: 'executed' | 'skipped';
      reason: 'marketClosed' | 'cash' | 'tooSmall' | 'market' | null;
      quantity: bigint;
      quantityScale: number;
      price: bigint | null;
      value: bigint;
      tradeFee: bigint;
      planFee: bigint;
      orderId: bigint | null;
      createdAt: Date;
    }>(
      `select id, due_day as "dueDay", attempt_day as "attemptDay", state, reason, quantity,
              quantity_scale as "quantityScale", price, value, trade_fee as "tradeFee", plan_fee as "planFee",
              order_id as "orderId", created_at as "createdAt"
         from plan_executions where plan_id = $1 order by id desc limit 200`,
      [plan.id],
    );
    const money = (v: bigint) => formatAmount(v, eurScale);
    return {
      plan: await planViewOf(ctx.db, services, plan),
      history: rows.map((r) => ({
        id: Number(r.id),
        dueDate: isoDay(r.dueDay),
        attemptDate: isoDay(r.attemptDay),
        state: r.state,
        reason: r.reason,
        units: formatAmount(r.quantity, Number(r.quantityScale)),
        price: r.price === null ? null : formatAmount(r.price, instrument?.priceScale ?? 2),
        value: money(r.value),
        tradeFee: money(r.tradeFee),
        planFee: money(r.planFee),
        orderId: r.orderId === null ? null : Number(r.orderId),
        createdAt: r.createdAt.toISOString(),
      })),
    };
  });

  implement(app, services, calls.userPlanTerms, async (ctx) => {
    const instrument = plannable(services, ctx.input.symbol);
    const terms = await planTermsOf(ctx.db, instrument.symbol);
    return {
      symbol: instrument.symbol,
      name: instrument.name,
      currency: 'EUR' as const,
      planFee: formatAmount(terms.fee, eurScale),
      fractional: terms.fractional,
      amountMin: planAmountMin,
      amountMax: planAmountMax,
    };
  });

  implement(
    app,
    services,
    calls.userPlanCreate,
    async (ctx) => {
      const userId = userOf(ctx).id;
      if (!(await tradePinPassed(ctx.db, ctx.req, userId))) throw new Refusal('trade.pin.required');
      const instrument = plannable(services, ctx.input.symbol);
      const amount = amountOf(ctx.input.amount);
      const today = romeDay(clock.now());
      const startDay = ctx.input.startDate === undefined ? today : dayOfIso(ctx.input.startDate);
      if (!Number.isFinite(startDay) || startDay < today || startDay > today + 366)
        throw new Refusal('plan.startDate');
      const attemptDay = nextTradingDay(startDay, tradesOn(instrument));
      const [row] = await ctx.db.query<PlanRow>(
        `insert into savings_plans (user_id, symbol, amount, frequency, start_day, due_day, attempt_day)
       values ($1, $2, $3, $4, $5, $5, $6) returning ${planColumns}`,
        [userId, instrument.symbol, amount, ctx.input.frequency, startDay, attemptDay],
      );
      return planViewOf(ctx.db, services, row as PlanRow);
    },
    { guard: planPin },
  );

  implement(
    app,
    services,
    calls.userPlanChange,
    async (ctx) => {
      const userId = userOf(ctx).id;
      if (!(await tradePinPassed(ctx.db, ctx.req, userId))) throw new Refusal('trade.pin.required');
      const amount = amountOf(ctx.input.amount);
      const plan = await ctx.db.tx(async (q) => {
        const p = await ownPlan(q, userId, ctx.input.id, true);
        if (p.state === 'stopped') throw new Refusal('plan.stopped');
        const frequency = ctx.input.frequency as PlanFrequency;
        // A new frequency counts from the next date the plan had: its dates from then on follow the new rule.
        const changed = frequency !== p.frequency;
        const startDay = changed ? Math.max(p.dueDay, romeDay(clock.now())) : p.startDay;
        const instrument = plannable(services, p.symbol);
        const dates = changed ? nextDates(instrument, { frequency, startDay }, startDay - 1) : p;
        await q.query(
          `update savings_plans set amount = $2, frequency = $3, start_day = $4, due_day = $5, attempt_day = $6,
                updated_at = $7 where id = $1`,
          [p.id, amount, frequency, startDay, dates.dueDay, dates.attemptDay, new Date(clock.now())],
        );
        return (await planOf(q, p.id)) as PlanRow;
      });
      return planViewOf(ctx.db, services, plan);
    },
    { guard: planPin },
  );

  implement(app, services, calls.userPlanState, async (ctx) => {
    const userId = userOf(ctx).id;
    const plan = await ctx.db.tx(async (q) => {
      const p = await ownPlan(q, userId, ctx.input.id, true);
      if (p.state === 'stopped') throw new Refusal('plan.stopped');
      const now = new Date(clock.now());
      if (ctx.input.action === 'pause') {
        if (p.state !== 'active') throw new Refusal('plan.notActive');
        await q.query(`update savings_plans set state = 'paused', updated_at = $2 where id = $1`, [
          p.id,
          now,
        ]);
      } else if (ctx.input.action === 'resume') {
        if (p.state !== 'paused') throw new Refusal('plan.notPaused');
        // Dates missed while paused are not bought: the plan goes on from its first date from today on.
        const instrument = plannable(services, p.symbol);
        const today = romeDay(clock.now());
        const dates = p.dueDay >= today ? p : nextDates(instrument, p, today - 1);
        await q.query(
          `update savings_plans set state = 'active', due_day = $2, attempt_day = $3, updated_at = $4 where id = $1`,
          [p.id, dates.dueDay, dates.attemptDay, now],
        );
      } else {
        await q.query(`update savings_plans set state = 'stopped', updated_at = $2 where id = $1`, [
          p.id,
          now,
        ]);
      }
      return (await planOf(q, p.id)) as PlanRow;
    });
    return planViewOf(ctx.db, services, plan);
  });

  // The plans' fractions held and sold (decision 063); a sale asks the transaction password as a sell order.
  implement(app, services, calls.userPlanHoldings, async (ctx) => ({
    list: await planHoldings(ctx.db, services, userOf(ctx).id, clock.now()),
  }));

  implement(app, services, calls.userPlanSellPreview, async (ctx) =>
    previewSale(ctx.db, services, {
      userId: userOf(ctx).id,
      symbol: ctx.input.symbol,
      quantity: ctx.input.quantity,
      nowMs: clock.now(),
    }),
  );

  implement(
    app,
    services,
    calls.userPlanSell,
    async (ctx) => {
      const userId = userOf(ctx).id;
      if (!(await tradePinPassed(ctx.q, ctx.req, userId))) throw new Refusal('trade.pin.required');
      return sellFractions(ctx.q, services, {
        userId,
        symbol: ctx.input.symbol,
        quantity: ctx.input.quantity,
        nowMs: clock.now(),
      });
    },
    { guard: tradePinGuard(services) },
  );

  mountPlanTerms(app, services);
}

/** Every instrument plans may buy, as the back office lists them. */
function plannables(services: Services) {
  return services.market.instruments.filter((i) => {
    const kind = i.kind as string;
    return i.listed && i.currency === 'EUR' && (kind === 'stock' || kind === 'etf');
  });
}

async function termsRow(q: Queryable, services: Services, symbol: string) {
  const instrument = plannable(services, symbol);
  const terms = await planTermsOf(q, symbol);
  const [count] = await q.query<{ n: bigint }>(
    `select count(*) as n from savings_plans where symbol = $1 and state = 'active'`,
    [symbol],
  );
  return {
    symbol,
    name: instrument.name,
    kind: instrument.kind as string,
    planFee: formatAmount(terms.fee, eurScale),
    fractional: terms.fractional,
    plans: Number(count?.n ?? 0n),
  };
}

function mountPlanTerms(app: FastifyInstance, services: Services): void {
  implement(app, services, calls.adminPlanTerms, async (ctx) => {
    const list = [];
    for (const i of plannables(services)) list.push(await termsRow(ctx.db, services, i.symbol));
    return { list };
  });

  implement(app, services, calls.adminPlanTermsSave, async (ctx) => {
    const op = operatorOf(ctx);
    const { symbol, fractional } = ctx.input;
    const fee = parseAmount(ctx.input.planFee, eurScale);
    if (fee === null || fee > planFeeMax) throw new Refusal('plan.fee');
    plannable(services, symbol);
    return ctx.db.tx(async (q) => {
      const before = await planTermsOf(q, symbol);
      await q.query(
        `insert into plan_terms (symbol, fee, fractional, updated_by, updated_at) values ($1, $2, $3, $4, $5)
         on conflict (symbol) do update set fee = $2, fractional = $3, updated_by = $4, updated_at = $5`,
        [symbol, fee, fractional, op.id, new Date(services.clock.now())],
      );
      await audit(q, {
        operatorId: op.id,
        action: 'planTerms.save',
        targetType: 'planTerms',
        targetId: symbol,
        before: { fee: before.fee, fractional: before.fractional },
        after: { fee, fractional },
      });
      return termsRow(q, services, symbol);
    });
  });
}
