import * as calls from '@piazza/contract/calls/robot';
import * as admin from '@piazza/contract/calls/robot-admin';
import type { RobotOrderState, RobotView } from '@piazza/contract/calls/robot-shapes';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { startingNav } from '@piazza/core/strategies/units';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { implement, operatorOf, userOf } from '../../http/implement';
import { pageAt, pagedRows } from '../../kit/paging';
import { calendarFor } from '../../market/calendar/calendar-for';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { currencyScaleOf } from '../trading';
import { markBook } from './book';
import { registerFunds } from './fund-routes';
import { robotJobs } from './jobs';
import { backtestOf, liveOf, simulate } from './measured';
import { orderCalls } from './order-calls';
import { navDecimals, orderViewsOf, productRecordOf } from './product-record';
import {
  asRobot,
  orderColumns,
  orderViewOf,
  type ProductOrderRow,
  type ProductRow,
  productById,
  productColumns,
  type RobotRow,
} from './product-rows';
import { saveRobot, setProductStatus } from './robot-admin';
import { dailyHistory, targetsOf, warmupSessions } from './strategy-run';
import { addAmount, askExit, buy } from './subscriptions';

/*
 * The AI Multiplier for investors and the back office (issue 13, decision 033). Reads are open to guests: a
 * product's terms and measured record are public information, as a fund's KID is.
 */

async function robotViewOf(q: Queryable, services: Services, r: RobotRow, nowMs: number): Promise<RobotView> {
  const scale = await currencyScaleOf(q, r.currency);
  const [last] = await q.query<{ nav: bigint; at: Date }>(
    'select nav, at from product_navs where product_id = $1 order by day desc limit 1',
    [r.id],
  );
  const [count] = await q.query<{ n: number }>(
    `select count(distinct user_id)::int as n from product_orders where product_id = $1 and state <> 'returned'`,
    [r.id],
  );
  const { riskClass } = await backtestOf(q, services, r);
  const live = await liveOf(q, r);
  const book = await markBook(q, services, r, nowMs);
  return {
    id: r.id,
    name: r.name,
    strategy: r.strategy,
    status: r.status,
    level: r.level,
    currency: r.currency,
    periodDays: r.periodDays,
    lockDays: r.lockDays,
    earlyExit: r.earlyExit,
    minAmount: formatAmount(r.minAmount, scale),
    maxAmount: formatAmount(r.maxAmount, scale),
    managementFee: (r.feeBps / 10_000).toFixed(4),
    basket: r.basket,
    launchedAt: r.launchedAt.getTime(),
    riskClass,
    nav: formatAmount(last?.nav ?? startingNav(scale), scale + navDecimals),
    navAt: last?.at.getTime() ?? null,
    bookValue: formatAmount(book.value, scale),
    subscribers: count?.n ?? 0,
    liveReturn: live.totalReturn,
  };
}

async function shownRobot(q: Queryable, id: number, includePaused: boolean): Promise<RobotRow> {
  const r = asRobot(await productById(q, id));
  if (!r || (!includePaused && r.status !== 'active')) throw new Refusal('ai.notFound');
  return r;
}

function ordersView(q: Queryable, rows: ProductOrderRow[], nowMs: number) {
  return orderViewsOf(
    q,
    rows,
    async (id) => asRobot(await productById(q, id)),
    (o, r, scale) => orderViewOf(o, r, scale, nowMs),
  );
}

/** The basket with the strategy's targets after the last close and what the book holds now. */
async function basketOf(q: Queryable, services: Services, r: RobotRow, nowMs: number) {
  const scale = await currencyScaleOf(q, r.currency);
  const session = calendarFor('XMIL');
  const history = await dailyHistory(
    services,
    r.basket,
    session.previousSession(nowMs).close,
    warmupSessions + 5,
  );
  const targets = targetsOf(r.strategy, history.bars).at(-1) ?? {};
  const book = await markBook(q, services, r, nowMs);
  return {
    cash: formatAmount(book.cash, scale),
    list: book.holdings.map((h) => ({
      symbol: h.symbol,
      name: h.name,
      targetWeight: (targets[h.symbol] ?? 0).toFixed(4),
      quantity: h.quantity.toString(),
      value: formatAmount(h.value, scale),
      lastPrice: formatAmount(h.lastPrice, h.priceScale),
    })),
  };
}

async function amountOf(q: Queryable, r: ProductRow, typed: string): Promise<bigint> {
  const amount = parseAmount(typed, await currencyScaleOf(q, r.currency));
  if (amount === null || amount <= 0n) throw new Refusal('ai.amount');
  return amount;
}

function mountInvestorCalls(app: FastifyInstance, services: Services): void {
  const { clock } = services;

  implement(app, services, calls.stockAiList, async (ctx) => {
    const at = pageAt(ctx.input);
    const { rows, total } = await pagedRows<ProductRow>(
      ctx.db,
      {
        columns: productColumns,
        from: 'products',
        where: `kind = 'robot' and status = 'active'`,
        orderBy: 'level, id',
      },
      at,
    );
    const list = [];
    for (const r of rows.map(asRobot)) if (r) list.push(await robotViewOf(ctx.db, services, r, clock.now()));
    return { list, total, ...at };
  });

  // A paused product's page stays readable (its subscribers follow their money there); buying is refused.
  implement(app, services, calls.stockAiInfo, async (ctx) => {
    const r = await shownRobot(ctx.db, ctx.input.id, true);
    const backtest = await backtestOf(ctx.db, services, r);
    const live = await liveOf(ctx.db, r);
    return {
      robot: await robotViewOf(ctx.db, services, r, clock.now()),
      backtest: backtest.figures,
      backtestSeries: backtest.series,
      live: live.figures,
      liveSeries: live.series,
    };
  });

  implement(app, services, calls.stockAiStocks, async (ctx) => {
    const r = await shownRobot(ctx.db, ctx.input.id, true);
    return basketOf(ctx.db, services, r, clock.now());
  });

  implement(app, services, calls.stockAiSimulate, async (ctx) => {
    const r = await shownRobot(ctx.db, ctx.input.id, false);
    const amount = await amountOf(ctx.db, r, ctx.input.amount);
    return simulate(ctx.db, services, r, amount, ctx.input.days, clock.now());
  });

  const moneyCall = orderCalls(app, services, { topic: 'robot', of: orderViewOf }).mount;

  moneyCall<{ id: number; amount: string; acknowledgeRisk?: boolean }>(
    calls.stockAiBuy,
    async (q, userId, input, nowMs) => {
      const r = asRobot(await productById(q, input.id));
      if (!r) throw new Refusal('ai.notFound');
      return buy(q, services, {
        kind: 'robot',
        userId,
        productId: input.id,
        amount: await amountOf(q, r, input.amount),
        acknowledgeRisk: input.acknowledgeRisk ?? false,
        nowMs,
      });
    },
  );

  moneyCall<{ id: number; amount: string }>(calls.stockAiOrderAddAmount, async (q, userId, input, nowMs) => {
    const [found] = await q.query<{ productId: number }>(
      'select product_id as "productId" from product_orders where id = $1 and user_id = $2',
      [input.id, userId],
    );
    const r = found ? asRobot(await productById(q, found.productId)) : undefined;
    if (!r) throw new Refusal('ai.orderNotFound');
    return addAmount(q, services, {
      kind: 'robot',
      userId,
      orderId: input.id,
      amount: await amountOf(q, r, input.amount),
      nowMs,
    });
  });

  moneyCall<{ id: number }>(calls.stockAiOrderExit, (q, userId, input, nowMs) =>
    askExit(q, { kind: 'robot', userId, orderId: input.id, nowMs }),
  );

  implement(app, services, calls.stockAiOrderList, async (ctx) => {
    const userId = userOf(ctx).id;
    const at = pageAt(ctx.input);
    const state: RobotOrderState | undefined = ctx.input.state;
    const { rows, total } = await pagedRows<ProductOrderRow>(
      ctx.db,
      {
        columns: orderColumns,
        from: `product_orders o`,
        where: `user_id = $1 and exists (select 1 from products p where p.id = o.product_id and p.kind = 'robot')${state ? ' and state = $2' : ''}`,
        orderBy: 'id desc',
        params: state ? [userId, state] : [userId],
      },
      at,
    );
    const list = (await ordersView(ctx.db, rows, clock.now())).map((v) => v.view);
    return { list, total, ...at };
  });

  implement(app, services, calls.stockAiOrderDetails, async (ctx) => {
    const userId = userOf(ctx).id;
    const [o] = await ctx.db.query<ProductOrderRow>(
      `select ${orderColumns} from product_orders where id = $1 and user_id = $2`,
      [ctx.input.id, userId],
    );
    const r = o ? asRobot(await productById(ctx.db, o.productId)) : undefined;
    if (!o || !r) throw new Refusal('ai.orderNotFound');
    const scale = await currencyScaleOf(ctx.db, r.currency);
    const record = await ctx.db.query<{ day: string; at: Date; amount: bigint; nav: bigint; value: bigint }>(
      `select p.day::text as day, n.at, p.amount, p.nav, p.value from product_profits p
         join product_navs n on n.product_id = $2 and n.day = p.day
        where p.order_id = $1 order by p.day desc`,
      [String(o.id), r.id],
    );
    return {
      order: orderViewOf(o, r, scale, clock.now()),
      record: record.map((p) => ({
        day: p.day,
        at: p.at.getTime(),
        amount: formatAmount(p.amount, scale),
        nav: formatAmount(p.nav, scale + navDecimals),
        value: formatAmount(p.value, scale),
      })),
    };
  });
}

function mountAdminCalls(app: FastifyInstance, services: Services): void {
  const { clock } = services;

  implement(app, services, admin.adminRobots, async (ctx) => {
    const at = pageAt(ctx.input);
    const { rows, total } = await pagedRows<ProductRow>(
      ctx.db,
      { columns: productColumns, from: 'products', where: `kind = 'robot'`, orderBy: 'level, id' },
      at,
    );
    const list = [];
    for (const r of rows.map(asRobot)) if (r) list.push(await robotViewOf(ctx.db, services, r, clock.now()));
    return { list, total, ...at };
  });

  implement(app, services, admin.adminRobotInfo, async (ctx) => {
    const r = await shownRobot(ctx.db, ctx.input.id, true);
    const nowMs = clock.now();
    const scale = await currencyScaleOf(ctx.db, r.currency);
    const basket = await basketOf(ctx.db, services, r, nowMs);
    const record = await productRecordOf(ctx.db, r.id, scale, (rows) => ordersView(ctx.db, rows, nowMs));
    return {
      robot: await robotViewOf(ctx.db, services, r, nowMs),
      cash: basket.cash,
      holdings: basket.list,
      ...record,
    };
  });

  implement(app, services, admin.adminRobotSave, async (ctx) => {
    const nowMs = clock.now();
    const saved = await ctx.db.tx((q) => saveRobot(q, services, ctx.input, operatorOf(ctx).id, nowMs));
    return robotViewOf(ctx.db, services, saved, nowMs);
  });

  implement(app, services, admin.adminRobotStatus, async (ctx) => {
    const nowMs = clock.now();
    await shownRobot(ctx.db, ctx.input.id, true);
    const saved = await ctx.db.tx((q) =>
      setProductStatus(q, ctx.input.id, ctx.input.status, operatorOf(ctx).id, nowMs),
    );
    return robotViewOf(ctx.db, services, saved as RobotRow, nowMs);
  });
}

export async function registerRobot(app: FastifyInstance, services: Services): Promise<void> {
  for (const job of robotJobs(services)) services.jobs.define(job);
  mountInvestorCalls(app, services);
  mountAdminCalls(app, services);
  registerFunds(app, services);
}
