import {
  adminCreditScore,
  adminHniDecide,
  adminHniList,
  adminLoanLimit,
  adminOpenAutoApply,
  adminUserControls,
  adminVipStrategy,
} from '@piazza/contract/calls/admin-kyc';
import type { IdStatus } from '@piazza/contract/enums';
import { displayUserId } from '@piazza/core/display-id';
import { formatAmount, parseAmount } from '@piazza/core/money';
import type { FastifyInstance } from 'fastify';
import { one, type Queryable } from '../../db/db';
import { implement, operatorOf } from '../../http/implement';
import { audit } from '../../kit/audit';
import { userChanged } from '../../kit/user-changes';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';

type HniStatus = 'none' | 'pending' | 'approved' | 'rejected';

interface ControlsRow {
  idStatus: IdStatus;
  creditScore: number;
  hniStatus: HniStatus;
  hniReason: string | null;
  hniAppliedAt: Date | null;
  loanLimit: bigint;
  vipStrategy: 0 | 1;
  openAutoApply: 0 | 1;
}

const eurScale = 2;

/** The controls row, locked when read inside a change; refuses an unknown user by id. */
async function controlsRow(q: Queryable, id: number, lock: boolean): Promise<ControlsRow> {
  const row = await one<ControlsRow>(
    q,
    `select id_status as "idStatus", credit_score as "creditScore", hni_status as "hniStatus",
            hni_reason as "hniReason", hni_applied_at as "hniAppliedAt", loan_limit as "loanLimit",
            vip_strategy as "vipStrategy", open_auto_apply as "openAutoApply"
       from users where id = $1 ${lock ? 'for update' : ''}`,
    [id],
  );
  if (!row) throw new Refusal('admin.user.unknown', [id]);
  return row;
}

async function controlsView(q: Queryable, id: number) {
  const row = await controlsRow(q, id, false);
  const changes = await q.query<{
    before: number;
    after: number;
    reason: string;
    operator: string | null;
    createdAt: Date;
  }>(
    `select c.before, c.after, c.reason, o.name as operator, c.created_at as "createdAt"
       from credit_score_changes c left join operators o on o.id = c.operator_id
      where c.user_id = $1 order by c.id desc limit 20`,
    [id],
  );
  return {
    userId: id,
    idStatus: row.idStatus,
    creditScore: row.creditScore,
    hni: { status: row.hniStatus, reason: row.hniReason, appliedAt: row.hniAppliedAt?.getTime() ?? null },
    loanLimit: formatAmount(row.loanLimit, eurScale),
    vipStrategy: row.vipStrategy,
    openAutoApply: row.openAutoApply,
    scoreChanges: changes.map((c) => ({ ...c, createdAt: c.createdAt.getTime() })),
  };
}

/**
 * The back office's controls on one investor (DESIGN.md §4): each change locks the user row, refuses a change
 * to the same value, and writes its audit line (before, after, reason) in the same transaction.
 */
export function mountUserControls(app: FastifyInstance, services: Services): void {
  const { db, clock } = services;

  implement(app, services, adminUserControls, async ({ input, q }) => controlsView(q, input.id));

  implement(app, services, adminCreditScore, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, score, reason } = ctx.input;
    const view = await db.tx(async (tx) => {
      const row = await controlsRow(tx, id, true);
      if (row.creditScore === score) throw new Refusal('admin.control.unchanged', [score]);
      const at = new Date(clock.now());
      await tx.query('update users set credit_score = $2, updated_at = $3 where id = $1', [id, score, at]);
      await tx.query(
        `insert into credit_score_changes (user_id, before, after, reason, operator_id, created_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [id, row.creditScore, score, reason, op.id, at],
      );
      await audit(tx, {
        operatorId: op.id,
        action: 'user.creditScore',
        targetType: 'user',
        targetId: id,
        before: { creditScore: row.creditScore },
        after: { creditScore: score },
        reason,
      });
      return controlsView(tx, id);
    });
    await userChanged(services, id);
    return view;
  });

  implement(app, services, adminHniList, async ({ input, q }) => {
    const page = input.page ?? 1;
    const size = input.size ?? 20;
    const [count] = await q.query<{ total: bigint }>(
      `select count(*) as total from users where hni_status = 'pending'`,
    );
    const rows = await q.query<{ userId: number; account: string; idStatus: IdStatus; appliedAt: Date }>(
      `select id as "userId", account, id_status as "idStatus", hni_applied_at as "appliedAt"
         from users where hni_status = 'pending' order by hni_applied_at asc, id asc
        limit ${size} offset ${(page - 1) * size}`,
    );
    return {
      list: rows.map((r) => ({ ...r, displayId: displayUserId(r.userId), appliedAt: r.appliedAt.getTime() })),
      total: Number(count?.total ?? 0),
      page,
      size,
    };
  });

  implement(app, services, adminHniDecide, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, approve } = ctx.input;
    const reason = ctx.input.reason ?? null;
    return db.tx(async (tx) => {
      const row = await controlsRow(tx, id, true);
      if (row.hniStatus !== 'pending') throw new Refusal('admin.hni.notPending');
      if (approve && row.idStatus !== 'succ') throw new Refusal('kyc.required');
      if (!approve && reason === null) throw new Refusal('admin.hni.reason');
      const status: HniStatus = approve ? 'approved' : 'rejected';
      await tx.query('update users set hni_status = $2, hni_reason = $3, updated_at = $4 where id = $1', [
        id,
        status,
        approve ? null : reason,
        new Date(clock.now()),
      ]);
      await audit(tx, {
        operatorId: op.id,
        action: 'user.hni',
        targetType: 'user',
        targetId: id,
        before: { hni: row.hniStatus },
        after: { hni: status },
        reason,
      });
      return controlsView(tx, id);
    });
  });

  implement(app, services, adminLoanLimit, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, amount, reason } = ctx.input;
    const minor = parseAmount(amount, eurScale);
    if (minor === null) throw new Refusal('admin.loanLimit.amount');
    return db.tx(async (tx) => {
      const row = await controlsRow(tx, id, true);
      if (row.loanLimit === minor)
        throw new Refusal('admin.control.unchanged', [formatAmount(minor, eurScale)]);
      await tx.query('update users set loan_limit = $2, updated_at = $3 where id = $1', [
        id,
        minor,
        new Date(clock.now()),
      ]);
      await audit(tx, {
        operatorId: op.id,
        action: 'user.loanLimit',
        targetType: 'user',
        targetId: id,
        before: { loanLimit: formatAmount(row.loanLimit, eurScale) },
        after: { loanLimit: formatAmount(minor, eurScale) },
        reason,
      });
      return controlsView(tx, id);
    });
  });

  /** The two on/off switches differ only in their column and audit name. */
  const mountSwitch = (
    call: typeof adminVipStrategy | typeof adminOpenAutoApply,
    column: 'vip_strategy' | 'open_auto_apply',
    field: 'vipStrategy' | 'openAutoApply',
  ) =>
    implement(app, services, call, async (ctx) => {
      const op = operatorOf(ctx);
      const { id } = ctx.input;
      const on = ctx.input.on ? 1 : 0;
      const view = await db.tx(async (tx) => {
        const row = await controlsRow(tx, id, true);
        if (row[field] === on) throw new Refusal('admin.control.unchanged', [on]);
        await tx.query(`update users set ${column} = $2, updated_at = $3 where id = $1`, [
          id,
          on,
          new Date(clock.now()),
        ]);
        await audit(tx, {
          operatorId: op.id,
          action: `user.${field}`,
          targetType: 'user',
          targetId: id,
          before: { [field]: row[field] },
          after: { [field]: on },
        });
        return controlsView(tx, id);
      });
      await userChanged(services, id);
      return view;
    });
  mountSwitch(adminVipStrategy, 'vip_strategy', 'vipStrategy');
  mountSwitch(adminOpenAutoApply, 'open_auto_apply', 'openAutoApply');
}
