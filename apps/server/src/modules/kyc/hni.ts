import { hniApply } from '@piazza/contract/calls/kyc';
import type { FastifyInstance } from 'fastify';
import { one } from '../../db/db';
import { implement, userOf } from '../../http/implement';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { requireKycVerified } from './require-verified';

/** HNI (DESIGN.md §4): the investor applies once verified; an operator decides (admin/user-controls.ts). */
export function mountHni(app: FastifyInstance, services: Services): void {
  const { db, clock } = services;
  implement(app, services, hniApply, async (ctx) => {
    const user = userOf(ctx);
    return db.tx(async (tx) => {
      const row = await one<{ hniStatus: string }>(
        tx,
        'select hni_status as "hniStatus" from users where id = $1 for update',
        [user.id],
      );
      await requireKycVerified(tx, user.id);
      if (row?.hniStatus === 'pending') throw new Refusal('hni.pending');
      if (row?.hniStatus === 'approved') throw new Refusal('hni.approved');
      await tx.query(
        `update users set hni_status = 'pending', hni_reason = null, hni_applied_at = $2 where id = $1`,
        [user.id, new Date(clock.now())],
      );
      return { status: 'pending' as const };
    });
  });
}
