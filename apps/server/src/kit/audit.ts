import type { Queryable } from '../db/db';

export interface AuditRecord {
  /** The operator who acted; null for the server itself (start-up bootstrap). */
  operatorId: number | null;
  /** What was done, `{target}.{verb}`: 'user.status', 'user.reward', 'operator.add', … */
  action: string;
  targetType: string;
  targetId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string | null;
}

/** bigint does not survive JSON.stringify; amounts and ids are kept as their decimal text. */
function toJson(value: Record<string, unknown> | null): string | null {
  if (value === null) return null;
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/**
 * Writes one line of the audit log (DESIGN.md §4). Call it with the transaction that makes the change, so the
 * change and its record are committed together or not at all.
 */
export async function audit(q: Queryable, r: AuditRecord): Promise<void> {
  await q.query(
    `insert into audit_log (operator_id, action, target_type, target_id, before, after, reason)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
    [
      r.operatorId,
      r.action,
      r.targetType,
      String(r.targetId),
      toJson(r.before),
      toJson(r.after),
      r.reason ?? null,
    ],
  );
}
