import * as calls from '@piazza/contract/calls/blocks';
import type { FastifyInstance } from 'fastify';
import { implement, operatorOf, userOf } from '../../http/implement';
import { publishAfterReply } from '../../kit/after-reply';
import { pageAt, pagedRows } from '../../kit/paging';
import type { JobDefinition } from '../../platform/jobs/job-runner';
import { Refusal } from '../../platform/refusal';
import { publishUserEvent } from '../../realtime/user-events';
import type { Services } from '../../services';
import { tradePinGuard, tradePinPassed } from '../security';
import {
  type BlockRow,
  blockById,
  blockColumns,
  blockViews,
  buyBlock,
  cancelBlock,
  deliverBlock,
  type PurchaseRow,
  purchaseColumns,
  purchaseViewOf,
  saveBlock,
} from './blocks';

/* Block trades for investors and the back office (issue 12 item 6), and their delivery job. */

function deliveryJob(services: Services): JobDefinition {
  return {
    name: 'block-deliver',
    async due(nowMs) {
      const rows = await services.db.query<{ id: bigint }>(
        `select id from block_offers where status = 'open' and delivers_at <= $1 order by id limit 100`,
        [new Date(nowMs)],
      );
      return rows.map((r) => String(r.id));
    },
    async run(key, nowMs) {
      if (!/^\d+$/.test(key)) throw new Error(`not a block id: ${key}`);
      const { summary, delivered } = await services.db.tx((q) =>
        deliverBlock(q, services, BigInt(key), nowMs),
      );
      for (const p of delivered) {
        await publishUserEvent(services.bus, p.userId, 'block', {
          id: Number(p.id),
          state: 'delivered',
        }).catch((err: unknown) => services.log.warn({ err }, 'user event not published'));
      }
      return summary;
    },
  };
}

export function registerBlocks(app: FastifyInstance, services: Services): void {
  const { clock } = services;
  services.jobs.define(deliveryJob(services));
  const tradePin = tradePinGuard(services);
  const nameOf = (symbol: string) => services.market.instrument(symbol)?.name ?? symbol;

  implement(app, services, calls.stockBulkList, async (ctx) => {
    const at = pageAt(ctx.input);
    const { rows, total } = await pagedRows<BlockRow>(
      ctx.db,
      {
        columns: blockColumns,
        from: 'block_offers',
        where: `status <> 'cancelled'`,
        orderBy: `case when status = 'open' then 0 else 1 end, closes_at desc, id desc`,
      },
      at,
    );
    return { list: await blockViews(ctx.db, services, rows, clock.now(), ctx.user?.id), total, ...at };
  });

  implement(app, services, calls.stockBulkInfo, async (ctx) => {
    const block = await blockById(ctx.db, ctx.input.id);
    if (!block) throw new Refusal('block.notFound');
    const nowMs = clock.now();
    const [view] = await blockViews(ctx.db, services, [block], nowMs, ctx.user?.id);
    const purchases = ctx.user
      ? await ctx.db.query<PurchaseRow>(
          `select ${purchaseColumns} from block_purchases where block_id = $1 and user_id = $2 order by id desc`,
          [String(block.id), ctx.user.id],
        )
      : [];
    if (!view) throw new Error(`block ${block.id} has no view`);
    return { block: view, purchases: purchases.map((p) => purchaseViewOf(p, block, nameOf(block.symbol))) };
  });

  implement(
    app,
    services,
    calls.stockOrderBulkApply,
    async (ctx) => {
      const user = userOf(ctx);
      if (!(await tradePinPassed(ctx.q, ctx.req, user.id))) throw new Refusal('trade.pin.required');
      const { block, purchase } = await buyBlock(ctx.q, services, {
        userId: user.id,
        blockId: ctx.input.id,
        quantity: ctx.input.quantity,
        acknowledgeRisk: ctx.input.acknowledgeRisk ?? false,
        nowMs: clock.now(),
      });
      const view = purchaseViewOf(purchase, block, nameOf(block.symbol));
      publishAfterReply(services, ctx.reply, user.id, 'block', view);
      return view;
    },
    { guard: tradePin },
  );

  implement(app, services, calls.stockOrderBulkList, async (ctx) => {
    const at = pageAt(ctx.input);
    const { rows, total } = await pagedRows<PurchaseRow>(
      ctx.db,
      {
        columns: purchaseColumns,
        from: 'block_purchases',
        where: 'user_id = $1',
        orderBy: 'id desc',
        params: [userOf(ctx).id],
      },
      at,
    );
    const list = [];
    for (const p of rows) {
      const block = await blockById(ctx.db, p.blockId);
      if (block) list.push(purchaseViewOf(p, block, nameOf(block.symbol)));
    }
    return { list, total, ...at };
  });

  implement(app, services, calls.adminBlocks, async (ctx) => {
    const at = pageAt(ctx.input);
    const { rows, total } = await pagedRows<BlockRow>(
      ctx.db,
      { columns: blockColumns, from: 'block_offers', orderBy: 'id desc' },
      at,
    );
    return { list: await blockViews(ctx.db, services, rows, clock.now()), total, ...at };
  });

  implement(app, services, calls.adminBlockSave, async (ctx) => {
    const nowMs = clock.now();
    const saved = await ctx.db.tx((q) => saveBlock(q, services, operatorOf(ctx).id, ctx.input, nowMs));
    const [view] = await blockViews(ctx.db, services, [saved], nowMs);
    if (!view) throw new Error('no view');
    return view;
  });

  implement(app, services, calls.adminBlockCancel, async (ctx) => {
    const nowMs = clock.now();
    const { block, refunded } = await ctx.db.tx((q) =>
      cancelBlock(q, operatorOf(ctx).id, ctx.input.id, ctx.input.reason, nowMs),
    );
    for (const p of refunded) {
      publishAfterReply(services, ctx.reply, p.userId, 'block', { id: Number(p.id), state: 'refunded' });
    }
    const [view] = await blockViews(ctx.db, services, [block], nowMs);
    if (!view) throw new Error('no view');
    return view;
  });
}
