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
 * How stale `last_seen_at` may get before a lookup writes it again (decision 020): the idle limits are 30 days
 * and 8 hours, so a minute changes nothing a user or operator would notice, and a busy session costs one write
 * a minute instead of one per call.
 */
const touchEvery = "interval '1 minute'";

/**
 * The investor behind an `access-token`, if the session is live: not revoked and used within 30 days
 * (status 0 users are returned too; implement.ts decides what they may call). Counts as use of the session.
 */
export async function findUserSession(
  q: Queryable,
  token: string | undefined,
): Promise<SessionUser | undefined> {
  if (!token) return undefined;
  const row = await one<SessionUser & { stale: boolean }>(
    q,
    `select u.id, s.id as "sessionId", u.account, u.status, s.last_seen_at < now() - ${touchEvery} as stale
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.revoked_at is null
        and s.last_seen_at > now() - interval '30 days'`,
    [hashToken(token)],
  );
  if (!row) return undefined;
  const { stale, ...user } = row;
  if (stale) await q.query('update sessions set last_seen_at = now() where id = $1', [user.sessionId]);
  return user;
}

const resolvedUsers = new WeakMap<object, Promise<SessionUser | undefined>>();

/**
 * The investor of one HTTP request, looked up once however many hooks ask (the transaction-password guard
 * runs before the call's own handler, decision 020): the first call reads the `access-token` header and asks
 * the database, the others share its answer.
 */
export function requestUserSession(
  q: Queryable,
  req: { headers: Record<string, string | string[] | undefined> },
): Promise<SessionUser | undefined> {
  let found = resolvedUsers.get(req);
  if (!found) {
    const header = req.headers['access-token'];
    const token = Array.isArray(header) ? header[0] : header;
    found = findUserSession(q, token && token.length > 0 ? token : undefined);
    resolvedUsers.set(req, found);
  }
  return found;
}

/** The operator behind a token: back-office sessions end after 8 idle hours. */
export async function findOperatorSession(
  q: Queryable,
  token: string | undefined,
): Promise<SessionOperator | undefined> {
  if (!token) return undefined;
  const row = await one<SessionOperator & { stale: boolean }>(
    q,
    `select o.id, s.id as "sessionId", o.email, o.name, o.role, s.last_seen_at < now() - ${touchEvery} as stale
       from operator_sessions s join operators o on o.id = s.operator_id
      where s.token_hash = $1 and s.revoked_at is null and o.active
        and s.last_seen_at > now() - interval '8 hours'`,
    [hashToken(token)],
  );
  if (!row) return undefined;
  const { stale, ...operator } = row;
  if (stale)
    await q.query('update operator_sessions set last_seen_at = now() where id = $1', [operator.sessionId]);
  return operator;
}
