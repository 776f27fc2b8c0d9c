import type { FundingState } from '@piazza/contract/enums';
import type { Queryable } from '../../db/db';
import { audit } from '../../kit/audit';
import { Refusal } from '../../platform/refusal';

/**
 * The operator's side of a request that waits for review — deposits and withdrawals alike:
 * review → processing → success | fail. Each kind brings its table and how to read a row; the refusals
 * (`funding.{kind}.unknown`, `funding.{kind}.state`) and the audit actions (`{kind}.process`) follow its name.
 */
export interface ReviewedKind<Row extends { state: FundingState }> {
  kind: 'deposit' | 'withdrawal';
  table: 'deposits' | 'withdrawals';
  read(q: Queryable, id: number, lock?: boolean): Promise<Row | undefined>;
}

export function reviewSteps<Row extends { state: FundingState }>(k: ReviewedKind<Row>) {
  /** The request, locked, if it still waits for a decision; refused otherwise. */
  async function waiting(q: Queryable, id: number): Promise<Row> {
    const row = await k.read(q, id, true);
    if (!row) throw new Refusal(`funding.${k.kind}.unknown`);
    if (row.state !== 'review' && row.state !== 'processing') throw new Refusal(`funding.${k.kind}.state`);
    return row;
  }

  async function setState(
    q: Queryable,
    id: number,
    state: FundingState,
    operatorId: number,
    nowMs: number,
    reason: string | null,
  ): Promise<Row> {
    await q.query(
      `update ${k.table} set state = $2, operator_id = $3, updated_at = $4, reason = $5 where id = $1`,
      [id, state, operatorId, new Date(nowMs), reason],
    );
    return (await k.read(q, id)) as Row;
  }

  /** review → processing: an operator is checking the request. Audited. */
  async function process(q: Queryable, id: number, operatorId: number, nowMs: number): Promise<Row> {
    const before = await waiting(q, id);
    if (before.state !== 'review') throw new Refusal(`funding.${k.kind}.state`);
    const after = await setState(q, id, 'processing', operatorId, nowMs, null);
    await audit(q, {
      operatorId,
      action: `${k.kind}.process`,
      targetType: k.kind,
      targetId: id,
      before: { state: before.state },
      after: { state: after.state },
    });
    return after;
  }

  return { waiting, setState, process };
}
