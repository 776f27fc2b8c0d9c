import {
  adminKycApprove,
  adminKycDetail,
  adminKycList,
  adminKycReject,
} from '@piazza/contract/calls/admin-kyc';
import type { IdStatus } from '@piazza/contract/enums';
import { displayUserId } from '@piazza/core/display-id';
import type { FastifyInstance } from 'fastify';
import { one, type Queryable } from '../../db/db';
import { implement, operatorOf } from '../../http/implement';
import { audit } from '../../kit/audit';
import { pageAt, pagedRows } from '../../kit/paging';
import { notifyInvestor } from '../../kit/personal-notice';
import { userChanged } from '../../kit/user-changes';
import { Refusal } from '../../platform/refusal';
import { publishUserEvent } from '../../realtime/user-events';
import type { Services } from '../../services';
import { formView, latestSubmission } from './submission';

/** Only each user's latest submission counts: an older one was superseded by a resubmission. */
const latestOnly = 'not exists (select 1 from kyc_submissions n where n.user_id = s.user_id and n.id > s.id)';

interface QueueRow {
  userId: number;
  account: string;
  idStatus: IdStatus;
  realName: string;
  certType: string;
  nationality: string;
  submittedAt: Date;
  reviewedAt: Date | null;
}

/** The review queue, the form with its documents, and the two decisions (compliance; admin). */
export function mountKycReview(app: FastifyInstance, services: Services): void {
  const { db, clock, bus } = services;

  implement(app, services, adminKycList, async ({ input, q }) => {
    const { page, size } = pageAt(input);
    const { rows, total } = await pagedRows<QueueRow>(
      q,
      {
        columns: `s.user_id as "userId", u.account, u.id_status as "idStatus", s.real_name as "realName",
          s.cert_type as "certType", s.nationality, s.submitted_at as "submittedAt", s.reviewed_at as "reviewedAt"`,
        from: 'kyc_submissions s join users u on u.id = s.user_id',
        where: input.status ? `${latestOnly} and u.id_status = $1` : latestOnly,
        // Pending first and oldest first among them (first come, first reviewed); then the rest newest first.
        orderBy: `(s.status = 'pending') desc, case when s.status = 'pending' then s.submitted_at end asc,
          coalesce(s.reviewed_at, s.submitted_at) desc, s.id desc`,
        params: input.status ? [input.status] : [],
      },
      { page, size },
    );
    return {
      list: rows.map((r) => ({
        ...r,
        displayId: displayUserId(r.userId),
        submittedAt: r.submittedAt.getTime(),
        reviewedAt: r.reviewedAt?.getTime() ?? null,
      })),
      total,
      page,
      size,
    };
  });

  implement(app, services, adminKycDetail, async ({ input, q }) => {
    const user = await one<{ id: number; account: string; idStatus: IdStatus }>(
      q,
      'select id, account, id_status as "idStatus" from users where id = $1',
      [input.userId],
    );
    if (!user) throw new Refusal('admin.user.unknown', [input.userId]);
    const s = await latestSubmission(q, user.id);
    if (!s) throw new Refusal('admin.kyc.none', [user.id]);
    const history = await q.query<{
      status: 'pending' | 'succ' | 'fail';
      reason: string | null;
      submittedAt: Date;
      reviewedAt: Date | null;
      reviewer: string | null;
    }>(
      `select s.status, s.fail_reason as reason, s.submitted_at as "submittedAt", s.reviewed_at as "reviewedAt",
              o.name as reviewer
         from kyc_submissions s left join operators o on o.id = s.reviewer_id
        where s.user_id = $1 order by s.id desc`,
      [user.id],
    );
    return {
      userId: user.id,
      displayId: displayUserId(user.id),
      account: user.account,
      idStatus: user.idStatus,
      failReason: user.idStatus === 'fail' ? s.failReason : null,
      form: await formView(q, s, 'admin'),
      history: history.map((h) => ({
        ...h,
        submittedAt: h.submittedAt.getTime(),
        reviewedAt: h.reviewedAt?.getTime() ?? null,
      })),
    };
  });

  /** Decides the user's pending submission in one transaction with its audit line; tells the app live. */
  async function decide(operatorId: number, userId: number, verdict: 'succ' | 'fail', reason: string | null) {
    const result = await db.tx(async (tx: Queryable) => {
      const user = await one<{ idStatus: IdStatus }>(
        tx,
        'select id_status as "idStatus" from users where id = $1 for update',
        [userId],
      );
      if (!user) throw new Refusal('admin.user.unknown', [userId]);
      const s = await latestSubmission(tx, userId);
      if (!s) throw new Refusal('admin.kyc.none', [userId]);
      if (s.status !== 'pending' || user.idStatus !== 'pending')
        throw new Refusal('admin.kyc.notPending', [user.idStatus]);
      const at = new Date(clock.now());
      await tx.query(
        'update kyc_submissions set status = $2, fail_reason = $3, reviewed_at = $4, reviewer_id = $5 where id = $1',
        [s.id, verdict, reason, at, operatorId],
      );
      await tx.query('update users set id_status = $2, updated_at = $3 where id = $1', [userId, verdict, at]);
      await audit(tx, {
        operatorId,
        action: verdict === 'succ' ? 'kyc.approve' : 'kyc.reject',
        targetType: 'user',
        targetId: userId,
        before: { idStatus: user.idStatus, submissionId: s.id },
        after: { idStatus: verdict, submissionId: s.id },
        reason,
      });
      await notifyInvestor(tx, {
        userId,
        key: verdict === 'succ' ? 'notice.kyc.succ' : 'notice.kyc.fail',
        params: reason ? [reason] : [],
        ref: `kyc:${s.id}`,
        nowMs: at.getTime(),
      });
      return { userId, idStatus: verdict };
    });
    await userChanged(services, userId);
    // After the commit, so the app never reads a status that was rolled back.
    await publishUserEvent(bus, userId, 'kyc', { idStatus: verdict, failReason: reason });
    return result;
  }

  implement(app, services, adminKycApprove, async (ctx) =>
    decide(operatorOf(ctx).id, ctx.input.userId, 'succ', null),
  );
  implement(app, services, adminKycReject, async (ctx) =>
    decide(operatorOf(ctx).id, ctx.input.userId, 'fail', ctx.input.reason),
  );
}
