import { adminAudit } from '@piazza/contract/calls/admin';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/implement';
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
    const page = input.page ?? 1;
    const size = input.size ?? 20;
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
    const where = filters.length > 0 ? filters.join(' and ') : 'true';
    const [count] = await q.query<{ total: bigint }>(
      `select count(*) as total from audit_log a where ${where}`,
      params,
    );
    const rows = await q.query<AuditLine>(
      `select a.id, a.operator_id as "operatorId", o.email as "operatorEmail", o.name as "operatorName", a.action,
              a.target_type as "targetType", a.target_id as "targetId", a.before, a.after, a.reason,
              a.created_at as "createdAt"
         from audit_log a left join operators o on o.id = a.operator_id
        where ${where}
        order by a.id desc limit ${size} offset ${(page - 1) * size}`,
      params,
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
      total: Number(count?.total ?? 0),
      page,
      size,
    };
  });
}
