import * as calls from '@piazza/contract/calls/notices';
import type { FastifyInstance } from 'fastify';
import { one, type Queryable } from '../../db/db';
import { implement, operatorOf, userOf } from '../../http/implement';
import { audit } from '../../kit/audit';
import { pageAt, pagedRows } from '../../kit/paging';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import {
  adminViewOf,
  inForce,
  type NoticeRow,
  noticeColumns,
  noticeViewOf,
  unreadCount,
} from './notice-rows';

/* Notices for investors, guests and the back office (issue 15 item 1, decision 037). */

const readColumn = (userParam: number) =>
  `exists (select 1 from notice_reads r where r.notice_id = n.id and r.user_id = $${userParam}) as read`;

function mountReaderCalls(app: FastifyInstance, services: Services): void {
  const { clock } = services;

  implement(app, services, calls.indexNotice, async (ctx) => {
    const at = pageAt(ctx.input);
    const now = new Date(clock.now());
    const { rows, total } = await pagedRows<NoticeRow>(
      ctx.db,
      {
        columns: noticeColumns,
        from: 'notices n',
        where: inForce(1, null),
        orderBy: 'n.publish_at desc, n.id desc',
        params: [now],
      },
      at,
    );
    const dialog = await one<NoticeRow>(
      ctx.db,
      `select ${noticeColumns} from notices n where ${inForce(1, null)} and n.dialog
        order by n.publish_at desc, n.id desc limit 1`,
      [now],
    );
    return {
      list: rows.map((n) => noticeViewOf(n, ctx.lang)),
      total,
      ...at,
      dialog: dialog ? noticeViewOf(dialog, ctx.lang) : null,
    };
  });

  implement(app, services, calls.indexNoticeInfo, async (ctx) => {
    const n = await one<NoticeRow>(
      ctx.db,
      `select ${noticeColumns} from notices n where n.id = $2 and ${inForce(1, null)}`,
      [new Date(clock.now()), ctx.input.id],
    );
    if (!n) throw new Refusal('notices.notFound');
    return noticeViewOf(n, ctx.lang);
  });

  implement(app, services, calls.userNotice, async (ctx) => {
    const userId = userOf(ctx).id;
    const nowMs = clock.now();
    const at = pageAt(ctx.input);
    const { rows, total } = await pagedRows<NoticeRow & { read: boolean }>(
      ctx.db,
      {
        columns: `${noticeColumns}, ${readColumn(1)}`,
        from: 'notices n',
        where: inForce(2, 1),
        orderBy: 'n.publish_at desc, n.id desc',
        params: [userId, new Date(nowMs)],
      },
      at,
    );
    return {
      list: rows.map((n) => noticeViewOf(n, ctx.lang)),
      total,
      ...at,
      unread: await unreadCount(ctx.db, userId, nowMs),
    };
  });

  implement(app, services, calls.userNoticeUnread, async (ctx) => ({
    unread: await unreadCount(ctx.db, userOf(ctx).id, clock.now()),
  }));

  implement(app, services, calls.userNoticeInfo, async (ctx) => {
    const userId = userOf(ctx).id;
    const n = await one<NoticeRow & { read: boolean }>(
      ctx.db,
      `select ${noticeColumns}, ${readColumn(1)} from notices n where n.id = $3 and ${inForce(2, 1)}`,
      [userId, new Date(clock.now()), ctx.input.id],
    );
    if (!n) throw new Refusal('notices.notFound');
    return noticeViewOf(n, ctx.lang);
  });

  implement(app, services, calls.userNoticeRead, async (ctx) => {
    const userId = userOf(ctx).id;
    const nowMs = clock.now();
    const now = new Date(nowMs);
    const { id, all } = ctx.input;
    if (all) {
      await ctx.db.query(
        `insert into notice_reads (notice_id, user_id, read_at)
         select n.id, $1, $2 from notices n where ${inForce(2, 1)}
         on conflict (user_id, notice_id) do nothing`,
        [userId, now],
      );
    } else if (id !== undefined) {
      const n = await one<{ id: bigint }>(
        ctx.db,
        `select n.id from notices n where n.id = $3 and ${inForce(2, 1)}`,
        [userId, now, id],
      );
      if (!n) throw new Refusal('notices.notFound');
      await ctx.db.query(
        `insert into notice_reads (notice_id, user_id, read_at) values ($3, $1, $2)
         on conflict (user_id, notice_id) do nothing`,
        [userId, now, id],
      );
    } else {
      throw new Refusal('notices.readNothing');
    }
    return { unread: await unreadCount(ctx.db, userId, nowMs) };
  });
}

const readsColumn = '(select count(*) from notice_reads r where r.notice_id = n.id) as reads';

async function adminRow(q: Queryable, id: number, lock = false) {
  return one<NoticeRow & { reads: bigint }>(
    q,
    `select ${noticeColumns}, ${readsColumn} from notices n where n.id = $1 ${lock ? 'for update of n' : ''}`,
    [id],
  );
}

function mountBackOfficeCalls(app: FastifyInstance, services: Services): void {
  const { clock, db } = services;

  implement(app, services, calls.adminNotices, async (ctx) => {
    const at = pageAt(ctx.input);
    const params: unknown[] = [ctx.input.source ?? 'operator'];
    let where = 'n.source = $1';
    if (ctx.input.userId !== undefined) {
      params.push(ctx.input.userId);
      where += ' and n.user_id = $2';
    }
    const { rows, total } = await pagedRows<NoticeRow & { reads: bigint }>(
      ctx.db,
      { columns: `${noticeColumns}, ${readsColumn}`, from: 'notices n', where, orderBy: 'n.id desc', params },
      at,
    );
    const nowMs = clock.now();
    return { list: rows.map((n) => adminViewOf(n, nowMs)), total, ...at };
  });

  implement(app, services, calls.adminNoticeSave, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, titleIt, titleEn, bodyIt, bodyEn, publishAt } = ctx.input;
    const userId = ctx.input.userId ?? null;
    const expireAt = ctx.input.expireAt ?? null;
    const dialog = ctx.input.dialog ?? false;
    if (expireAt !== null && expireAt <= publishAt) throw new Refusal('notices.expireAt');
    if (dialog && userId !== null) throw new Refusal('notices.dialogPersonal');
    const nowMs = clock.now();
    return db.tx(async (q) => {
      if (userId !== null && !(await one(q, `select id from users where id = $1 and not book`, [userId])))
        throw new Refusal('notices.investorUnknown', [userId]);
      const before = id === undefined ? undefined : await adminRow(q, id, true);
      if (id !== undefined && !before) throw new Refusal('notices.notFound');
      if (before && before.source !== 'operator') throw new Refusal('notices.notAuthored');
      const values = [
        userId,
        titleIt,
        titleEn,
        bodyIt,
        bodyEn,
        dialog,
        new Date(publishAt),
        expireAt === null ? null : new Date(expireAt),
        new Date(nowMs),
      ];
      const [saved] = before
        ? await q.query<{ id: bigint }>(
            `update notices set user_id = $2, title_it = $3, title_en = $4, body_it = $5, body_en = $6, dialog = $7,
                    publish_at = $8, expire_at = $9, updated_at = $10
              where id = $1 returning id`,
            [id, ...values],
          )
        : await q.query<{ id: bigint }>(
            `insert into notices (user_id, source, title_it, title_en, body_it, body_en, dialog, publish_at, expire_at,
                                  operator_id, created_at, updated_at)
             values ($1, 'operator', $2, $3, $4, $5, $6, $7, $8, $10, $9, $9) returning id`,
            [...values, op.id],
          );
      const after = (await adminRow(q, Number(saved?.id))) as NoticeRow & { reads: bigint };
      const view = adminViewOf(after, nowMs);
      await audit(q, {
        operatorId: op.id,
        action: 'notice.save',
        targetType: 'notice',
        targetId: view.id,
        before: before ? { ...adminViewOf(before, nowMs) } : null,
        after: { ...view },
      });
      return view;
    });
  });

  implement(app, services, calls.adminNoticeWithdraw, async (ctx) => {
    const op = operatorOf(ctx);
    const nowMs = clock.now();
    return db.tx(async (q) => {
      const before = await adminRow(q, ctx.input.id, true);
      if (!before) throw new Refusal('notices.notFound');
      if (before.source !== 'operator') throw new Refusal('notices.notAuthored');
      if (before.withdrawnAt) throw new Refusal('notices.withdrawn');
      await q.query('update notices set withdrawn_at = $2, updated_at = $2 where id = $1', [
        ctx.input.id,
        new Date(nowMs),
      ]);
      const view = adminViewOf((await adminRow(q, ctx.input.id)) as NoticeRow & { reads: bigint }, nowMs);
      await audit(q, {
        operatorId: op.id,
        action: 'notice.withdraw',
        targetType: 'notice',
        targetId: view.id,
        before: { state: adminViewOf(before, nowMs).state },
        after: { state: view.state },
      });
      return view;
    });
  });
}

export async function registerNotices(app: FastifyInstance, services: Services): Promise<void> {
  mountReaderCalls(app, services);
  mountBackOfficeCalls(app, services);
}
