import {
  adminTotpConfirm,
  adminTotpDisable,
  adminTotpEnrol,
  adminTotpReset,
  adminTotpStatus,
} from '@piazza/contract/calls/admin-kyc';
import type { FastifyInstance } from 'fastify';
import { one, type Queryable } from '../../db/db';
import { implement, operatorOf } from '../../http/implement';
import { audit } from '../../kit/audit';
import { Refusal } from '../../platform/refusal';
import { type SecretBox, secretBoxOf } from '../../platform/secret-box';
import { matchTotp, newTotpSecret, totpUri } from '../../platform/totp';
import type { Services } from '../../services';
import { openOperatorTotpSecret, sealOperatorTotpSecret } from '../security';

interface TotpRow {
  secret: string | null;
  pending: string | null;
  lastStep: bigint | null;
}

async function totpRow(q: Queryable, operatorId: number): Promise<TotpRow> {
  const row = await one<TotpRow>(
    q,
    `select totp_secret as secret, totp_pending_secret as pending, totp_last_step as "lastStep"
       from operators where id = $1 for update`,
    [operatorId],
  );
  if (!row) throw new Refusal('operator.required');
  return row;
}

/**
 * Spends a code against the stored (sealed) `secret`: it must match within one step and be newer than the last code used, and the
 * step is recorded in the same statement so the same code cannot pass twice, even from two requests at once.
 */
async function spendCode(
  q: Queryable,
  box: SecretBox,
  operatorId: number,
  secret: string,
  code: string,
  nowMs: number,
) {
  const row = await totpRow(q, operatorId);
  const step = matchTotp(openOperatorTotpSecret(box, operatorId, secret), code, nowMs);
  if (step === null || (row.lastStep !== null && step <= row.lastStep)) return false;
  const spent = await q.query(
    `update operators set totp_last_step = $2
      where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id`,
    [operatorId, step],
  );
  return spent.length === 1;
}

/**
 * The login's second factor (sign-in.ts calls it after the password matched): nothing when the operator has
 * not enrolled; otherwise a missing code is refused with data {totp: true} (the back office then asks for it)
 * and a wrong or reused one is refused like a wrong password (the caller counts the failure).
 */
export async function checkLoginTotp(
  q: Queryable,
  box: SecretBox,
  operatorId: number,
  code: string | undefined,
  nowMs: number,
): Promise<'ok' | 'wrong'> {
  const row = await totpRow(q, operatorId);
  if (row.secret === null) return 'ok';
  if (code === undefined) throw new Refusal('admin.totp.required', [], { totp: true });
  return (await spendCode(q, box, operatorId, row.secret, code, nowMs)) ? 'ok' : 'wrong';
}

export function mountOperatorTotp(app: FastifyInstance, services: Services): void {
  const { clock, db } = services;
  const box = secretBoxOf(services.config);
  const state = (row: TotpRow) => ({ enrolled: row.secret !== null, pending: row.pending !== null });

  implement(app, services, adminTotpStatus, async (ctx) => state(await totpRow(ctx.q, operatorOf(ctx).id)));

  // A new enrolment replaces one that was never confirmed; the secret is answered this once and not again.
  implement(app, services, adminTotpEnrol, async (ctx) => {
    const op = operatorOf(ctx);
    return db.tx(async (tx) => {
      const row = await totpRow(tx, op.id);
      if (row.secret !== null) throw new Refusal('admin.totp.enrolled');
      const secret = newTotpSecret();
      await tx.query('update operators set totp_pending_secret = $2 where id = $1', [
        op.id,
        sealOperatorTotpSecret(box, op.id, secret),
      ]);
      return { secret, uri: totpUri('Piazza', op.email, secret) };
    });
  });

  implement(app, services, adminTotpConfirm, async (ctx) => {
    const op = operatorOf(ctx);
    return db.tx(async (tx) => {
      const row = await totpRow(tx, op.id);
      if (row.secret !== null) throw new Refusal('admin.totp.enrolled');
      if (row.pending === null) throw new Refusal('admin.totp.notPending');
      if (!(await spendCode(tx, box, op.id, row.pending, ctx.input.code, clock.now())))
        throw new Refusal('admin.totp.wrong');
      await tx.query(
        'update operators set totp_secret = totp_pending_secret, totp_pending_secret = null where id = $1',
        [op.id],
      );
      await audit(tx, {
        operatorId: op.id,
        action: 'operator.totp',
        targetType: 'operator',
        targetId: op.id,
        before: { totp: false },
        after: { totp: true },
      });
      return { enrolled: true, pending: false };
    });
  });

  implement(app, services, adminTotpDisable, async (ctx) => {
    const op = operatorOf(ctx);
    return db.tx(async (tx) => {
      const row = await totpRow(tx, op.id);
      if (row.secret === null) throw new Refusal('admin.totp.notEnrolled');
      if (!(await spendCode(tx, box, op.id, row.secret, ctx.input.code, clock.now())))
        throw new Refusal('admin.totp.wrong');
      await tx.query('update operators set totp_secret = null, totp_pending_secret = null where id = $1', [
        op.id,
      ]);
      await audit(tx, {
        operatorId: op.id,
        action: 'operator.totp',
        targetType: 'operator',
        targetId: op.id,
        before: { totp: true },
        after: { totp: false },
      });
      return { enrolled: false, pending: false };
    });
  });

  implement(app, services, adminTotpReset, async (ctx) => {
    const op = operatorOf(ctx);
    const { id, reason } = ctx.input;
    return db.tx(async (tx) => {
      const target = await one<{ secret: string | null; pending: string | null }>(
        tx,
        'select totp_secret as secret, totp_pending_secret as pending from operators where id = $1 for update',
        [id],
      );
      if (!target) throw new Refusal('admin.operator.unknown', [id]);
      if (target.secret === null && target.pending === null) throw new Refusal('admin.totp.notEnrolled');
      await tx.query(
        'update operators set totp_secret = null, totp_pending_secret = null, totp_last_step = null where id = $1',
        [id],
      );
      await audit(tx, {
        operatorId: op.id,
        action: 'operator.totpReset',
        targetType: 'operator',
        targetId: id,
        before: { totp: target.secret !== null },
        after: { totp: false },
        reason,
      });
      return { id, enrolled: false };
    });
  });
}
