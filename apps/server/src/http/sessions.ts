import type { OperatorRole } from '@piazza/contract/define';
import { one, type Queryable } from '../db/db';
import { hashToken } from './tokens';

export interface SessionUser {
  id: number;
  sessionId: bigint;
  account: string;
  status: number;
}

export interface SessionOperator {
  id: number;
  sessionId: bigint;
  email: string;
  name: string;
  role: OperatorRole;
}

/**
 * The investor behind an `access-token`, if the session is live: not revoked and used within 30 days
 * (status 0 users are returned too; implement.ts decides what they may call).
 */
export async function findUserSession(
  q: Queryable,
  token: string | undefined,
): Promise<SessionUser | undefined> {
  if (!token) return undefined;
  const row = await one<SessionUser>(
    q,
    `select u.id, s.id as "sessionId", u.account, u.status
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.revoked_at is null
        and s.last_seen_at > now() - interval '30 days'`,
    [hashToken(token)],
  );
  if (row) await q.query('update sessions set last_seen_at = now() where id = $1', [row.sessionId]);
  return row;
}

/** The operator behind a token: back-office sessions end after 8 idle hours. */
export async function findOperatorSession(
  q: Queryable,
  token: string | undefined,
): Promise<SessionOperator | undefined> {
  if (!token) return undefined;
  const row = await one<SessionOperator>(
    q,
    `select o.id, s.id as "sessionId", o.email, o.name, o.role
       from operator_sessions s join operators o on o.id = s.operator_id
      where s.token_hash = $1 and s.revoked_at is null and o.active
        and s.last_seen_at > now() - interval '8 hours'`,
    [hashToken(token)],
  );
  if (row) await q.query('update operator_sessions set last_seen_at = now() where id = $1', [row.sessionId]);
  return row;
}
