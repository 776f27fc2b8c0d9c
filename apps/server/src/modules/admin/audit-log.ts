import { adminAudit } from '@piazza/contract/calls/admin';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement';
import { pageAt, pagedRows } from '../../kit/paging';
import type { Services } from '../../services';

interface AuditLine {
  id: bigint;
  operatorId: number | null;
  operatorEmail: string | null;
  operatorName: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  createdAt: Date;
}

/** The audit log for compliance: newest first, optionally narrowed to one target type or one target. */
export function mountAuditLog(app: FastifyInstance, services: Services): void {
  implement(app, services, adminAudit, async ({ input, q }) => {
    const at = pageAt(input);
    const filters: string[] = [];
    const params: string[] = [];
    if (input.targetType) {
      params.push(input.targetType);
      filters.push(`a.target_type = $${params.length}`);
    }
    if (input.targetId) {
      params.push(input.targetId);
      filters.push(`a.target_id = $${params.length}`);
    }
    const { rows, total } = await pagedRows<AuditLine>(
      q,
      {
        columns: `a.id, a.operator_id as "operatorId", o.email as "operatorEmail", o.name as "operatorName", a.action,
          a.target_type as "targetType", a.target_id as "targetId", a.before, a.after, a.reason,
          a.created_at as "createdAt"`,
        from: 'audit_log a left join operators o on o.id = a.operator_id',
        where: filters.length > 0 ? filters.join(' and ') : 'true',
        orderBy: 'a.id desc',
        params,
      },
      at,
    );
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        operator:
          r.operatorId === null
            ? null
            : { id: r.operatorId, email: r.operatorEmail ?? '', name: r.operatorName ?? '' },
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        before: r.before,
        after: r.after,
        reason: r.reason,
        createdAt: r.createdAt.getTime(),
      })),
      total,
      ...at,
    };
  });
}
