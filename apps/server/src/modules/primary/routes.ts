import * as adminCalls from '@piazza/contract/calls/primary-admin';
import { offeringCallsByKind } from '@piazza/contract/calls/primary-kinds';
import type { OfferingKind, SubscriptionState } from '@piazza/contract/calls/primary-shapes';
import { displayUserId } from '@piazza/core/display-id';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { implement, operatorOf, userOf } from '../../http/implement';
import { publishAfterReply } from '../../kit/after-reply';
import { pageAt, pagedRows } from '../../kit/paging';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { tradePinGuard, tradePinPassed } from '../security';
import { registerBlocks } from './block-routes';
import { offeringJobs } from './jobs';
import { allotByHand, closeHandAllotment } from './lifecycle';
import { loadListings } from './listing';
import { cancel, publish, saveDraft } from './offering-admin';
import {
  type OfferingRow,
  offeringById,
  offeringColumns,
  offeringViews,
  type SubscriptionRow,
  subscriptionColumns,
  subscriptionViewOf,
} from './offering-rows';
import { apply, pay } from './subscriptions';

/*
 * IPO offerings for investors and the back office (issue 12, decision 032). Reads are open to guests (an
 * offering is public information); a signed-in investor also sees their own subscription on each.
 */

async function oneView(q: Queryable, o: OfferingRow, nowMs: number, userId?: number) {
  const [view] = await offeringViews(q, [o], nowMs, userId);
  if (!view) throw new Error(`offering ${o.id} has no view`);
  return view;
}

/** The published allotment, line by line, by display id: what anyone can recompute. */
async function allotmentLines(q: Queryable, o: OfferingRow) {
  if (!o.allottedAt) return [];
  const rows = await q.query<SubscriptionRow>(
    `select ${subscriptionColumns} from offering_subscriptions
      where offering_id = $1 and lots_allotted is not null order by id`,
    [String(o.id)],
  );
  return rows.map((s) => ({
    subscriptionId: Number(s.id),
    investor: displayUserId(s.userId),
    lotsApplied: s.lotsApplied,
    lotsProRata: s.lotsProRata ?? 0,
    drawPosition: s.drawPosition,
    lotsAllotted: s.lotsAllotted ?? 0,
  }));
}

// Open and coming first (by opening), then the rest newest first.
const investorOrder = `case when status = 'published' then 0 else 1 end,
  case when status = 'published' then opens_at end asc, id desc`;

/** The investor's calls of one kind of offering: IPOs under /stock, ICOs under /coin, the same rules. */
function mountInvestorCalls(app: FastifyInstance, services: Services, kind: OfferingKind): void {
  const { clock } = services;
  const c = offeringCallsByKind[kind];
  const tradePin = tradePinGuard(services);
  const userIdOf = (ctx: { user: { id: number } | undefined }) => ctx.user?.id;

  implement(app, services, c.list, async (ctx) => {
    const at = pageAt(ctx.input);
    const { rows, total } = await pagedRows<OfferingRow>(
      ctx.db,
      {
        columns: offeringColumns,
        from: 'offerings',
        where: `kind = '${kind}' and status <> 'draft'`,
        orderBy: investorOrder,
      },
      at,
    );
    return { list: await offeringViews(ctx.db, rows, clock.now(), userIdOf(ctx)), total, ...at };
  });

  implement(app, services, c.today, async (ctx) => {
    const now = new Date(clock.now());
    const rows = await ctx.db.query<OfferingRow>(
      `select ${offeringColumns} from offerings
        where kind = '${kind}' and status = 'published' and opens_at <= $1 and closes_at > $1 order by closes_at, id`,
      [now],
    );
    return { list: await offeringViews(ctx.db, rows, now.getTime(), userIdOf(ctx)) };
  });

  implement(app, services, c.coming, async (ctx) => {
    const now = new Date(clock.now());
    const rows = await ctx.db.query<OfferingRow>(
      `select ${offeringColumns} from offerings
        where kind = '${kind}' and status = 'published' and opens_at > $1 order by opens_at, id`,
      [now],
    );
    return { list: await offeringViews(ctx.db, rows, now.getTime(), userIdOf(ctx)) };
  });

  implement(app, services, c.info, async (ctx) => {
    const o = await offeringById(ctx.db, ctx.input.id);
    if (!o || o.status === 'draft' || o.kind !== kind) throw new Refusal('ipo.notFound');
    return {
      offering: await oneView(ctx.db, o, clock.now(), userIdOf(ctx)),
      lines: await allotmentLines(ctx.db, o),
    };
  });

  implement(
    app,
    services,
    c.apply,
    async (ctx) => {
      const user = userOf(ctx);
      if (!(await tradePinPassed(ctx.q, ctx.req, user.id))) throw new Refusal('trade.pin.required');
      const nowMs = clock.now();
      const { offering, subscription } = await apply(ctx.q, {
        userId: user.id,
        offeringId: ctx.input.id,
        lots: ctx.input.lots,
        acknowledgeRisk: ctx.input.acknowledgeRisk ?? false,
        automatic: false,
        nowMs,
        kind,
      });
      const view = subscriptionViewOf(subscription, offering, nowMs);
      publishAfterReply(services, ctx.reply, user.id, 'offering', view);
      return view;
    },
    { guard: tradePin },
  );

  implement(
    app,
    services,
    c.pay,
    async (ctx) => {
      const user = userOf(ctx);
      if (!(await tradePinPassed(ctx.q, ctx.req, user.id))) throw new Refusal('trade.pin.required');
      const nowMs = clock.now();
      const { offering, subscription } = await pay(ctx.q, user.id, ctx.input.id, nowMs);
      const view = subscriptionViewOf(subscription, offering, nowMs);
      publishAfterReply(services, ctx.reply, user.id, 'offering', view);
      return view;
    },
    { guard: tradePin },
  );

  implement(app, services, c.mine, async (ctx) => {
    const userId = userOf(ctx).id;
    const at = pageAt(ctx.input);
    const nowMs = clock.now();
    // The stored status, except for the two states the clock decides: applied, on either side of the close.
    const byState: Record<SubscriptionState, string> = {
      applying: `status = 'applied' and offering_status = 'published' and closes_at > $2`,
      pending: `status = 'applied' and not (offering_status = 'published' and closes_at > $2)`,
      allotted: `status = 'allotted'`,
      unallotted: `status = 'unallotted'`,
      paid: `status = 'paid'`,
      lapsed: `status = 'lapsed'`,
      refunded: `status = 'refunded'`,
    };
    const filter = ctx.input.state === undefined ? '$2::timestamptz is not null' : byState[ctx.input.state];
    const { rows, total } = await pagedRows<SubscriptionRow>(
      ctx.db,
      {
        columns: subscriptionColumns,
        from: `(select s.*, o.status as offering_status, o.closes_at, o.kind
                  from offering_subscriptions s join offerings o on o.id = s.offering_id) x`,
        where: `user_id = $1 and kind = '${kind}' and ${filter}`,
        orderBy: 'id desc',
        params: [userId, new Date(nowMs)],
      },
      at,
    );
    const offerings = new Map<string, OfferingRow>();
    for (const s of rows) {
      const key = String(s.offeringId);
      if (!offerings.has(key)) {
        const o = await offeringById(ctx.db, s.offeringId);
        if (o) offerings.set(key, o);
      }
    }
    const list = rows.flatMap((s) => {
      const o = offerings.get(String(s.offeringId));
      return o ? [subscriptionViewOf(s, o, nowMs)] : [];
    });
    return { list, total, ...at };
  });
}

export async function registerPrimary(app: FastifyInstance, services: Services): Promise<void> {
  const { clock } = services;
  for (const job of offeringJobs(services)) services.jobs.define(job);
  const stopListening = await loadListings(services);
  app.addHook('onClose', async () => stopListening());
  for (const kind of ['ipo', 'offline', 'ico'] as const) mountInvestorCalls(app, services, kind);
  registerBlocks(app, services);

  // The back office (admin only: the calls name no other role).
  implement(app, services, adminCalls.adminOfferings, async (ctx) => {
    const at = pageAt(ctx.input);
    const kind = ctx.input.kind;
    const { rows, total } = await pagedRows<OfferingRow>(
      ctx.db,
      {
        columns: offeringColumns,
        from: 'offerings',
        where: kind ? 'kind = $1' : 'true',
        orderBy: 'id desc',
        params: kind ? [kind] : [],
      },
      at,
    );
    return { list: await offeringViews(ctx.db, rows, clock.now()), total, ...at };
  });

  implement(app, services, adminCalls.adminOfferingInfo, async (ctx) => {
    const o = await offeringById(ctx.db, ctx.input.id);
    if (!o) throw new Refusal('ipo.notFound');
    const nowMs = clock.now();
    const subscriptions = await ctx.db.query<SubscriptionRow>(
      `select ${subscriptionColumns} from offering_subscriptions where offering_id = $1 order by id`,
      [String(o.id)],
    );
    return {
      offering: await oneView(ctx.db, o, nowMs),
      subscriptions: subscriptions.map((s) => ({
        ...subscriptionViewOf(s, o, nowMs),
        investor: displayUserId(s.userId),
      })),
      lines: await allotmentLines(ctx.db, o),
    };
  });

  implement(app, services, adminCalls.adminOfferingSave, async (ctx) => {
    const operator = operatorOf(ctx);
    const nowMs = clock.now();
    const saved = await ctx.db.tx((q) => saveDraft(q, services.market, operator.id, ctx.input, nowMs));
    return oneView(ctx.db, saved, nowMs);
  });

  implement(app, services, adminCalls.adminOfferingAllotOne, async (ctx) => {
    const nowMs = clock.now();
    const { offering, subscription } = await ctx.db.tx((q) =>
      allotByHand(q, operatorOf(ctx).id, ctx.input.id, ctx.input.lots, nowMs),
    );
    publishAfterReply(services, ctx.reply, subscription.userId, 'offering', {
      offeringId: Number(offering.id),
      status: subscription.status,
    });
    return {
      ...subscriptionViewOf(subscription, offering, nowMs),
      investor: displayUserId(subscription.userId),
    };
  });

  implement(app, services, adminCalls.adminOfferingAllotClose, async (ctx) => {
    const nowMs = clock.now();
    const closed = await ctx.db.tx((q) => closeHandAllotment(q, operatorOf(ctx).id, ctx.input.id, nowMs));
    return oneView(ctx.db, closed, nowMs);
  });

  implement(app, services, adminCalls.adminOfferingPublish, async (ctx) => {
    const operator = operatorOf(ctx);
    const nowMs = clock.now();
    const published = await ctx.db.tx((q) => publish(q, operator.id, ctx.input.id, nowMs));
    return oneView(ctx.db, published, nowMs);
  });

  implement(app, services, adminCalls.adminOfferingCancel, async (ctx) => {
    const operator = operatorOf(ctx);
    const nowMs = clock.now();
    const { offering, refunded } = await ctx.db.tx((q) =>
      cancel(q, operator.id, ctx.input.id, ctx.input.reason, nowMs),
    );
    for (const s of refunded) {
      publishAfterReply(services, ctx.reply, s.userId, 'offering', {
        offeringId: Number(offering.id),
        status: 'refunded',
      });
    }
    return oneView(ctx.db, offering, nowMs);
  });
}
