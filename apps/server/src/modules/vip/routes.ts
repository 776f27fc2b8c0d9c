import * as calls from '@piazza/contract/calls/vip';
import * as admin from '@piazza/contract/calls/vip-admin';
import type { vipNoteKinds } from '@piazza/contract/calls/vip-shapes';
import { translate } from '@piazza/contract/messages/catalogue';
import { parseAmount } from '@piazza/core/money';
import type { FastifyInstance } from 'fastify';
import { one } from '../../db/db';
import { implement, operatorOf, userOf } from '../../http/implement';
import { audit } from '../../kit/audit';
import { pageAt, pagedRows } from '../../kit/paging';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { tradePinGuard, tradePinPassed } from '../security';
import { currencyScaleOf } from '../trading';
import { vipJobs } from './jobs';
import {
  buyPlan,
  claimTrial,
  inForce,
  memberRow,
  type PlanRow,
  plans,
  planView,
  statusOf,
  trialDays,
} from './membership';

/* VIP for investors and the back office (issue 14, decision 035). */

interface NoteRow {
  id: number;
  kind: (typeof vipNoteKinds)[number];
  language: 'it-IT' | 'en-US';
  title: string;
  body: string;
  author: string;
  publishedAt: Date;
}
const noteColumns = 'id, kind, language, title, body, author, published_at as "publishedAt"';
const noteView = (n: NoteRow) => ({ ...n, publishedAt: n.publishedAt.getTime() });

function mountInvestorCalls(app: FastifyInstance, services: Services): void {
  const { clock } = services;

  implement(app, services, calls.userVipInfo, async (ctx) => statusOf(ctx.db, userOf(ctx).id, clock.now()));

  implement(app, services, calls.userVipGet, async (ctx) => {
    const userId = userOf(ctx).id;
    const nowMs = clock.now();
    await ctx.db.tx((q) => claimTrial(q, userId, nowMs));
    return statusOf(ctx.db, userId, nowMs);
  });

  implement(
    app,
    services,
    calls.userVipBuy,
    async (ctx) => {
      const userId = userOf(ctx).id;
      if (!(await tradePinPassed(ctx.q, ctx.req, userId))) throw new Refusal('trade.pin.required');
      const nowMs = clock.now();
      await buyPlan(ctx.q, userId, ctx.input.planId, nowMs);
      return statusOf(ctx.q, userId, nowMs);
    },
    { guard: tradePinGuard(services) },
  );

  implement(app, services, calls.userVipNotes, async (ctx) => {
    const userId = userOf(ctx).id;
    const nowMs = clock.now();
    const m = await memberRow(ctx.db, userId);
    if (!inForce(m, nowMs)) throw new Refusal(m ? 'vip.expired' : 'vip.notMember');
    const user = await one<{ strategy: number }>(
      ctx.db,
      'select vip_strategy as strategy from users where id = $1',
      [userId],
    );
    if (user?.strategy !== 1) throw new Refusal('vip.strategyOff');
    const at = pageAt(ctx.input);
    const kind = ctx.input.kind;
    const { rows, total } = await pagedRows<NoteRow>(
      ctx.db,
      {
        columns: noteColumns,
        from: 'vip_notes',
        where: `language = $1${kind ? ' and kind = $2' : ''}`,
        orderBy: 'published_at desc, id desc',
        params: kind ? [ctx.lang, kind] : [ctx.lang],
      },
      at,
    );
    return { list: rows.map(noteView), total, ...at, disclaimer: translate(ctx.lang, 'vip.disclaimer') };
  });
}

function mountAdminCalls(app: FastifyInstance, services: Services): void {
  const { clock, db } = services;

  implement(app, services, admin.adminVipPlans, async (ctx) => {
    const list = [];
    for (const p of await plans(ctx.db, false)) list.push(await planView(ctx.db, p));
    return { list, trialDays: await trialDays(ctx.db) };
  });

  implement(app, services, admin.adminVipPlanSave, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, days, currency, active } = ctx.input;
    return db.tx(async (q) => {
      const price = parseAmount(ctx.input.price, await currencyScaleOf(q, currency));
      if (price === null || price <= 0n) throw new Refusal('vip.planPrice');
      const before = id
        ? await one<PlanRow>(
            q,
            'select id, days, price, currency, active from vip_plans where id = $1 for update',
            [id],
          )
        : undefined;
      if (id && !before) throw new Refusal('vip.planNotFound');
      const [saved] = id
        ? await q.query<PlanRow>(
            `update vip_plans set days = $2, price = $3, currency = $4, active = $5, updated_at = $6 where id = $1
             returning id, days, price, currency, active`,
            [id, days, price, currency, active, new Date(clock.now())],
          )
        : await q.query<PlanRow>(
            `insert into vip_plans (days, price, currency, active, updated_at) values ($1, $2, $3, $4, $5)
             returning id, days, price, currency, active`,
            [days, price, currency, active, new Date(clock.now())],
          );
      const plan = saved as PlanRow;
      await audit(q, {
        operatorId: op.id,
        action: 'vipPlan.save',
        targetType: 'vipPlan',
        targetId: plan.id,
        before: before ? { ...before } : null,
        after: { ...plan },
      });
      return planView(q, plan);
    });
  });

  implement(app, services, admin.adminVipTrial, async (ctx) => {
    const op = operatorOf(ctx);
    return db.tx(async (q) => {
      const before = await trialDays(q);
      await q.query(
        `insert into vip_settings (key, value) values ('trialDays', $1)
         on conflict (key) do update set value = excluded.value`,
        [ctx.input.days],
      );
      await audit(q, {
        operatorId: op.id,
        action: 'vip.trialDays',
        targetType: 'vipSettings',
        targetId: 'trialDays',
        before: { trialDays: before },
        after: { trialDays: ctx.input.days },
      });
      return { trialDays: ctx.input.days };
    });
  });

  implement(app, services, admin.adminVipNotes, async (ctx) => {
    const at = pageAt(ctx.input);
    const { rows, total } = await pagedRows<NoteRow>(
      ctx.db,
      { columns: noteColumns, from: 'vip_notes', orderBy: 'published_at desc, id desc' },
      at,
    );
    return { list: rows.map(noteView), total, ...at };
  });

  implement(app, services, admin.adminVipNoteSave, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, kind, language, title, body, author } = ctx.input;
    return db.tx(async (q) => {
      const before = id
        ? await one<NoteRow>(q, `select ${noteColumns} from vip_notes where id = $1`, [id])
        : undefined;
      if (id && !before) throw new Refusal('vip.noteNotFound');
      const params = [kind, language, title, body, author, new Date(clock.now()), op.id];
      const [saved] = id
        ? await q.query<NoteRow>(
            `update vip_notes set kind = $1, language = $2, title = $3, body = $4, author = $5, published_at = $6,
               created_by = $7 where id = $8 returning ${noteColumns}`,
            [...params, id],
          )
        : await q.query<NoteRow>(
            `insert into vip_notes (kind, language, title, body, author, published_at, created_by)
             values ($1, $2, $3, $4, $5, $6, $7) returning ${noteColumns}`,
            params,
          );
      const note = saved as NoteRow;
      await audit(q, {
        operatorId: op.id,
        action: 'vipNote.save',
        targetType: 'vipNote',
        targetId: note.id,
        before: before ? { title: before.title, author: before.author } : null,
        after: { kind, language, title, author },
      });
      return noteView(note);
    });
  });

  implement(app, services, admin.adminVipNoteDelete, async (ctx) => {
    const op = operatorOf(ctx);
    return db.tx(async (q) => {
      const [gone] = await q.query<{ title: string }>('delete from vip_notes where id = $1 returning title', [
        ctx.input.id,
      ]);
      if (!gone) throw new Refusal('vip.noteNotFound');
      await audit(q, {
        operatorId: op.id,
        action: 'vipNote.delete',
        targetType: 'vipNote',
        targetId: ctx.input.id,
        before: { title: gone.title },
        after: null,
      });
      return { id: ctx.input.id };
    });
  });
}

export async function registerVip(app: FastifyInstance, services: Services): Promise<void> {
  for (const job of vipJobs(services)) services.jobs.define(job);
  mountInvestorCalls(app, services);
  mountAdminCalls(app, services);
}
