import * as calls from '@piazza/contract/calls/fund';
import * as admin from '@piazza/contract/calls/fund-admin';
import { formatAmount, parseAmount } from '@piazza/core/money';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { implement, operatorOf, userOf } from '../../http/implement';
import { pageAt, pagedRows } from '../../kit/paging';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { currencyScaleOf } from '../trading';
import { markBook } from './book';
import { fundTicket, saveFund, saveManager } from './fund-admin';
import { fundOrderViewOf, fundViewOf, type ManagerRow, managerColumns, managerViewOf } from './fund-views';
import { liveOf } from './measured';
import { orderCalls } from './order-calls';
import { orderViewsOf, productRecordOf } from './product-record';
import {
  orderColumns,
  type ProductOrderRow,
  type ProductRow,
  productById,
  productColumns,
} from './product-rows';
import { setProductStatus } from './robot-admin';
import { addAmount, askExit, buy } from './subscriptions';

/*
 * Copy-trading funds for investors and the back office (issue 13 item 5, decision 033): the same books, units
 * and NAV as the AI products, with a manager and no end; a follower's value sits in their `fund` account.
 */

async function managerById(q: Queryable, id: number): Promise<ManagerRow> {
  const [m] = await q.query<ManagerRow>(`select ${managerColumns} from fund_managers where id = $1`, [id]);
  if (!m) throw new Refusal('fund.managerNotFound');
  return m;
}

async function fundById(q: Queryable, id: number, includePaused: boolean): Promise<ProductRow> {
  const r = await productById(q, id);
  if (r?.kind !== 'fund' || (!includePaused && r.status !== 'active')) throw new Refusal('fund.notFound');
  return r;
}

async function fundView(q: Queryable, services: Services, r: ProductRow, nowMs: number) {
  const m = await managerById(q, r.managerId ?? 0);
  return fundViewOf(q, services, r, m.name, nowMs);
}

/** The book's fills, newest first, as the fund's trades. */
async function tradesOf(q: Queryable, services: Services, r: ProductRow, limit: number, offset: number) {
  const scale = await currencyScaleOf(q, r.currency);
  const rows = await q.query<{
    at: Date;
    symbol: string;
    side: 'buy' | 'sell';
    quantity: bigint;
    price: bigint;
    value: bigint;
    fee: bigint;
  }>(
    `select created_at as at, symbol, side, quantity, price, value, fee from stock_fills
      where user_id = $1 order by id desc limit $2 offset $3`,
    [r.bookUserId, limit, offset],
  );
  return rows.map((f) => ({
    at: f.at.getTime(),
    symbol: f.symbol,
    side: f.side,
    quantity: f.quantity.toString(),
    price: formatAmount(f.price, services.market.instrument(f.symbol)?.priceScale ?? 2),
    value: formatAmount(f.value, scale),
    fee: formatAmount(f.fee, scale),
  }));
}

async function holdingsOf(q: Queryable, services: Services, r: ProductRow, nowMs: number) {
  const scale = await currencyScaleOf(q, r.currency);
  const book = await markBook(q, services, r, nowMs);
  return {
    cash: formatAmount(book.cash, scale),
    holdings: book.holdings
      .filter((h) => h.quantity > 0n)
      .map((h) => ({
        symbol: h.symbol,
        name: h.name,
        quantity: h.quantity.toString(),
        lastPrice: formatAmount(h.lastPrice, h.priceScale),
        value: formatAmount(h.value, scale),
      })),
  };
}

async function amountOf(q: Queryable, r: ProductRow, typed: string): Promise<bigint> {
  const amount = parseAmount(typed, await currencyScaleOf(q, r.currency));
  if (amount === null || amount <= 0n) throw new Refusal('fund.amount');
  return amount;
}

function orderViews(q: Queryable, rows: ProductOrderRow[]) {
  return orderViewsOf(q, rows, (id) => fundById(q, id, true), fundOrderViewOf);
}

const fundOrdersFrom = `product_orders o`;
const isFundOrder = `exists (select 1 from products p where p.id = o.product_id and p.kind = 'fund')`;

function mountInvestorCalls(app: FastifyInstance, services: Services): void {
  const { clock } = services;
  const userIdOf = (ctx: { user: { id: number } | undefined }) => ctx.user?.id;

  implement(app, services, calls.fundManagerSearch, async (ctx) => {
    const at = pageAt(ctx.input);
    const text = ctx.input.q ?? '';
    const { rows, total } = await pagedRows<ManagerRow>(
      ctx.db,
      {
        columns: managerColumns,
        from: 'fund_managers m',
        where: text === '' ? 'true' : `m.name ilike '%' || $1 || '%'`,
        orderBy: '(select count(*) from fund_manager_likes l where l.manager_id = m.id) desc, m.id',
        params: text === '' ? [] : [text.replace(/[%_\\]/g, (c) => `\\${c}`)],
      },
      at,
    );
    const list = [];
    for (const m of rows) list.push(await managerViewOf(ctx.db, m, userIdOf(ctx)));
    return { list, total, ...at };
  });

  implement(app, services, calls.fundManagerInfo, async (ctx) => {
    const m = await managerById(ctx.db, ctx.input.id);
    const rows = await ctx.db.query<ProductRow>(
      `select ${productColumns} from products where kind = 'fund' and status = 'active' and manager_id = $1
        order by id`,
      [m.id],
    );
    const funds = [];
    for (const r of rows) funds.push(await fundViewOf(ctx.db, services, r, m.name, clock.now()));
    return { manager: await managerViewOf(ctx.db, m, userIdOf(ctx)), funds };
  });

  implement(app, services, calls.fundManagerLike, async (ctx) => {
    const userId = userOf(ctx).id;
    await managerById(ctx.db, ctx.input.id);
    if (ctx.input.like) {
      await ctx.db.query(
        `insert into fund_manager_likes (manager_id, user_id, created_at) values ($1, $2, $3)
         on conflict do nothing`,
        [ctx.input.id, userId, new Date(clock.now())],
      );
    } else {
      await ctx.db.query('delete from fund_manager_likes where manager_id = $1 and user_id = $2', [
        ctx.input.id,
        userId,
      ]);
    }
    const [count] = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from fund_manager_likes where manager_id = $1',
      [ctx.input.id],
    );
    return { liked: ctx.input.like, likes: count?.n ?? 0 };
  });

  implement(app, services, calls.fundManagerLikeIds, async (ctx) => {
    const rows = await ctx.db.query<{ id: number }>(
      'select manager_id as id from fund_manager_likes where user_id = $1 order by manager_id',
      [userOf(ctx).id],
    );
    return { ids: rows.map((r) => r.id) };
  });

  implement(app, services, calls.fundList, async (ctx) => {
    const at = pageAt(ctx.input);
    const managerId = ctx.input.managerId;
    const { rows, total } = await pagedRows<ProductRow>(
      ctx.db,
      {
        columns: productColumns,
        from: 'products r',
        where: `kind = 'fund' and status = 'active'${managerId ? ' and manager_id = $1' : ''}`,
        orderBy: `(select count(*) from product_orders o where o.product_id = r.id and o.state <> 'returned') desc, id`,
        params: managerId ? [managerId] : [],
      },
      at,
    );
    const list = [];
    for (const r of rows) list.push(await fundView(ctx.db, services, r, clock.now()));
    return { list, total, ...at };
  });

  // A paused fund's page stays readable (its followers follow their money there); following is refused.
  implement(app, services, calls.fundInfoCall, async (ctx) => {
    const r = await fundById(ctx.db, ctx.input.id, true);
    const m = await managerById(ctx.db, r.managerId ?? 0);
    const live = await liveOf(ctx.db, r);
    return {
      fund: await fundViewOf(ctx.db, services, r, m.name, clock.now()),
      manager: await managerViewOf(ctx.db, m, userIdOf(ctx)),
      live: live.figures,
      liveSeries: live.series,
    };
  });

  implement(app, services, calls.fundRecordStocks, async (ctx) => {
    const r = await fundById(ctx.db, ctx.input.id, true);
    const at = pageAt(ctx.input);
    const [count] = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from stock_fills where user_id = $1',
      [r.bookUserId],
    );
    return {
      ...(await holdingsOf(ctx.db, services, r, clock.now())),
      list: await tradesOf(ctx.db, services, r, at.size, (at.page - 1) * at.size),
      total: count?.n ?? 0,
      ...at,
    };
  });

  const moneyCall = orderCalls(app, services, {
    topic: 'fund',
    of: (order, product, scale) => fundOrderViewOf(order, product, scale),
  }).mount;

  moneyCall<{ id: number; amount: string; acknowledgeRisk?: boolean }>(
    calls.fundApply,
    async (q, userId, input, nowMs) => {
      const r = await fundById(q, input.id, true);
      return buy(q, services, {
        kind: 'fund',
        userId,
        productId: input.id,
        amount: await amountOf(q, r, input.amount),
        acknowledgeRisk: input.acknowledgeRisk ?? false,
        nowMs,
      });
    },
  );

  moneyCall<{ id: number; amount: string }>(calls.fundOrderIncr, async (q, userId, input, nowMs) => {
    const [found] = await q.query<{ productId: number }>(
      `select product_id as "productId" from ${fundOrdersFrom} where id = $1 and user_id = $2 and ${isFundOrder}`,
      [input.id, userId],
    );
    if (!found) throw new Refusal('fund.orderNotFound');
    const r = await fundById(q, found.productId, true);
    return addAmount(q, services, {
      kind: 'fund',
      userId,
      orderId: input.id,
      amount: await amountOf(q, r, input.amount),
      nowMs,
    });
  });

  moneyCall<{ id: number }>(calls.fundOrderRedeem, (q, userId, input, nowMs) =>
    askExit(q, { kind: 'fund', userId, orderId: input.id, nowMs }),
  );

  implement(app, services, calls.fundOrderList, async (ctx) => {
    const userId = userOf(ctx).id;
    const at = pageAt(ctx.input);
    const state = ctx.input.state;
    const { rows, total } = await pagedRows<ProductOrderRow>(
      ctx.db,
      {
        columns: orderColumns,
        from: fundOrdersFrom,
        where: `user_id = $1 and ${isFundOrder}${state ? ' and state = $2' : ''}`,
        orderBy: 'id desc',
        params: state ? [userId, state] : [userId],
      },
      at,
    );
    return { list: (await orderViews(ctx.db, rows)).map((v) => v.view), total, ...at };
  });

  implement(app, services, calls.fundOrderProfitList, async (ctx) => {
    const userId = userOf(ctx).id;
    const at = pageAt(ctx.input);
    const { rows, total } = await pagedRows<ProductOrderRow>(
      ctx.db,
      {
        columns: orderColumns,
        from: fundOrdersFrom,
        where: `user_id = $1 and ${isFundOrder}`,
        orderBy: 'id desc',
        params: [userId],
      },
      at,
    );
    const list = [];
    for (const o of rows) {
      const r = await fundById(ctx.db, o.productId, true);
      const scale = await currencyScaleOf(ctx.db, r.currency);
      const money = (v: bigint) => formatAmount(v, scale);
      const returned = o.state === 'returned';
      list.push({
        orderId: Number(o.id),
        fundId: r.id,
        fundName: r.name,
        currency: r.currency,
        invested: money(o.invested),
        value: money(returned ? 0n : o.claim),
        unrealised: money(returned ? 0n : o.claim - o.invested),
        realised: money(returned ? (o.returned ?? 0n) - o.invested : 0n),
      });
    }
    return { list, total, ...at };
  });
}

function mountAdminCalls(app: FastifyInstance, services: Services): void {
  const { clock } = services;

  implement(app, services, admin.adminFundManagers, async (ctx) => {
    const at = pageAt(ctx.input);
    const { rows, total } = await pagedRows<ManagerRow>(
      ctx.db,
      { columns: managerColumns, from: 'fund_managers', where: 'true', orderBy: 'id desc' },
      at,
    );
    const list = [];
    for (const m of rows) list.push(await managerViewOf(ctx.db, m));
    return { list, total, ...at };
  });

  implement(app, services, admin.adminFundManagerSave, async (ctx) => {
    const saved = await ctx.db.tx((q) => saveManager(q, ctx.input, operatorOf(ctx).id, clock.now()));
    return managerViewOf(ctx.db, saved);
  });

  implement(app, services, admin.adminFunds, async (ctx) => {
    const at = pageAt(ctx.input);
    const { rows, total } = await pagedRows<ProductRow>(
      ctx.db,
      { columns: productColumns, from: 'products', where: `kind = 'fund'`, orderBy: 'id desc' },
      at,
    );
    const list = [];
    for (const r of rows) list.push(await fundView(ctx.db, services, r, clock.now()));
    return { list, total, ...at };
  });

  implement(app, services, admin.adminFundInfo, async (ctx) => {
    const r = await fundById(ctx.db, ctx.input.id, true);
    const nowMs = clock.now();
    const scale = await currencyScaleOf(ctx.db, r.currency);
    const record = await productRecordOf(ctx.db, r.id, scale, (rows) => orderViews(ctx.db, rows));
    return {
      fund: await fundView(ctx.db, services, r, nowMs),
      ...(await holdingsOf(ctx.db, services, r, nowMs)),
      trades: await tradesOf(ctx.db, services, r, 100, 0),
      ...record,
    };
  });

  implement(app, services, admin.adminFundSave, async (ctx) => {
    const nowMs = clock.now();
    const saved = await ctx.db.tx((q) => saveFund(q, services, ctx.input, operatorOf(ctx).id, nowMs));
    return fundView(ctx.db, services, saved, nowMs);
  });

  implement(app, services, admin.adminFundStatus, async (ctx) => {
    const nowMs = clock.now();
    await fundById(ctx.db, ctx.input.id, true);
    const saved = await ctx.db.tx((q) =>
      setProductStatus(q, ctx.input.id, ctx.input.status, operatorOf(ctx).id, nowMs),
    );
    return fundView(ctx.db, services, saved, nowMs);
  });

  // A money call: its requestId makes a repeat answer the first order instead of placing another.
  implement(app, services, admin.adminFundOrder, async (ctx) =>
    fundTicket(ctx.q, services, {
      fundId: ctx.input.id,
      symbol: ctx.input.symbol,
      side: ctx.input.side,
      quantity: ctx.input.quantity,
      operatorId: operatorOf(ctx).id,
      nowMs: clock.now(),
    }),
  );
}

export function registerFunds(app: FastifyInstance, services: Services): void {
  mountInvestorCalls(app, services);
  mountAdminCalls(app, services);
}
