import type { pointChangeLog, securityOverview } from '@piazza/contract/calls/security';
import type { CallInput, CallOutput } from '@piazza/contract/define';
import type { Db } from '../../db/db';
import { one, type Queryable } from '../../db/db';
import type { SessionUser } from '../../http/sessions';
import { Refusal } from '../../platform/refusal';
import { pinState } from './pins';
import { totpEnabled } from './two-factor';

const flag = (v: number): 0 | 1 => (v === 1 ? 1 : 0);

export async function readOverview(
  db: Db,
  me: SessionUser,
  now: number,
): Promise<CallOutput<typeof securityOverview>> {
  const user = await one<{
    account: string;
    email: string | null;
    creditScore: number;
    openAutoApply: number;
    autoApply: number;
  }>(
    db,
    `select account, email, credit_score as "creditScore", open_auto_apply as "openAutoApply",
            auto_apply as "autoApply"
       from users where id = $1`,
    [me.id],
  );
  if (!user) throw new Refusal('session.unknown');
  return {
    trade: await pinState(db, me.id, 'trade', now),
    withdraw: await pinState(db, me.id, 'withdraw', now),
    account: user.account,
    email: user.email,
    totp: await totpEnabled(db, me.id),
    creditScore: user.creditScore,
    openAutoApply: flag(user.openAutoApply),
    autoApply: flag(user.autoApply),
  };
}

/** The user's credit score history, newest first (written by the back office with its reason). */
export async function readScoreLog(
  q: Queryable,
  me: SessionUser,
  input: CallInput<typeof pointChangeLog>,
): Promise<CallOutput<typeof pointChangeLog>> {
  const page = input.page ?? 1;
  const size = input.size ?? 20;
  const total = await one<{ n: bigint }>(
    q,
    'select count(*) as n from credit_score_changes where user_id = $1',
    [me.id],
  );
  const rows = await q.query<{ id: bigint; before: number; after: number; reason: string; createdAt: Date }>(
    `select id, before, after, reason, created_at as "createdAt"
       from credit_score_changes where user_id = $1
      order by created_at desc, id desc limit $2 offset $3`,
    [me.id, size, (page - 1) * size],
  );
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      before: r.before,
      after: r.after,
      change: r.after - r.before,
      reason: r.reason,
      createdAt: r.createdAt.getTime(),
    })),
    total: Number(total?.n ?? 0n),
    page,
    size,
  };
}

/** The IPO auto-apply switch, only for a user the back office opened it for (openAutoApply 1). */
export async function setAutoApply(
  q: Queryable,
  me: SessionUser,
  open: boolean,
  now: number,
): Promise<0 | 1> {
  const value = open ? 1 : 0;
  const updated = await q.query(
    'update users set auto_apply = $2, updated_at = $3 where id = $1 and open_auto_apply = 1 returning id',
    [me.id, value, new Date(now)],
  );
  if (updated.length === 0) throw new Refusal('autoApply.closed');
  return value;
}
