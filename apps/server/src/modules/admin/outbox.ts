import { adminOutbox } from '@piazza/contract/calls/admin';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement';
import { pageAt, pagedRows } from '../../kit/paging';
import type { Services } from '../../services';

/** Demo mode's outbox in the back office: the codes a real deployment would have sent by SMS or e-mail. */
export function mountOutbox(app: FastifyInstance, services: Services): void {
  implement(app, services, adminOutbox, async ({ input, q }) => {
    const at = pageAt(input);
    const to = input.to ?? '';
    const { rows, total } = await pagedRows<{
      id: bigint;
      to: string;
      scene: string;
      code: string;
      createdAt: Date;
    }>(
      q,
      {
        columns: 'id, recipient as "to", scene, code, created_at as "createdAt"',
        from: 'outbox',
        where: to === '' ? 'true' : 'recipient = $1',
        orderBy: 'id desc',
        params: to === '' ? [] : [to],
      },
      at,
    );
    return {
      list: rows.map((r) => ({ ...r, id: Number(r.id), createdAt: r.createdAt.getTime() })),
      total,
      ...at,
    };
  });
}
