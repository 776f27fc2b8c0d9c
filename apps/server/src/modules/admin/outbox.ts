import { adminOutbox } from '@piazza/contract/calls/admin';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement';
import type { Services } from '../../services';

/** Demo mode's outbox in the back office: the codes a real deployment would have sent by SMS or e-mail. */
export function mountOutbox(app: FastifyInstance, services: Services): void {
  implement(app, services, adminOutbox, async ({ input, q }) => {
    const page = input.page ?? 1;
    const size = input.size ?? 20;
    const to = input.to ?? '';
    const where = to === '' ? 'true' : 'recipient = $1';
    const params = to === '' ? [] : [to];
    const [count] = await q.query<{ total: bigint }>(
      `select count(*) as total from outbox where ${where}`,
      params,
    );
    const rows = await q.query<{ id: bigint; to: string; scene: string; code: string; createdAt: Date }>(
      `select id, recipient as "to", scene, code, created_at as "createdAt" from outbox where ${where}
        order by id desc limit ${size} offset ${(page - 1) * size}`,
      params,
    );
    return {
      list: rows.map((r) => ({ ...r, id: Number(r.id), createdAt: r.createdAt.getTime() })),
      total: Number(count?.total ?? 0),
      page,
      size,
    };
  });
}
