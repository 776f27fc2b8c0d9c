import type { Queryable } from '../../db/db';
import { hashToken, newToken } from '../../http/tokens';

export interface SessionMeta {
  ip: string;
  userAgent: string | undefined;
  now: number;
}

/** Opens a session for the user and returns its token; only the token's hash is stored. */
export async function openSession(q: Queryable, userId: number, meta: SessionMeta): Promise<string> {
  const token = newToken();
  await q.query(
    `insert into sessions (user_id, token_hash, user_agent, ip, created_at, last_seen_at)
     values ($1, $2, $3, $4, $5, $5)`,
    [userId, hashToken(token), meta.userAgent?.slice(0, 300) ?? null, meta.ip, new Date(meta.now)],
  );
  return token;
}

export async function revokeSession(q: Queryable, sessionId: bigint, now: number): Promise<void> {
  await q.query('update sessions set revoked_at = $2 where id = $1 and revoked_at is null', [
    sessionId,
    new Date(now),
  ]);
}

/** Revokes every live session of the user, except `keep` (the one making the change) when given. */
export async function revokeUserSessions(
  q: Queryable,
  userId: number,
  now: number,
  keep?: bigint,
): Promise<void> {
  await q.query(
    `update sessions set revoked_at = $2
      where user_id = $1 and revoked_at is null and ($3::bigint is null or id <> $3::bigint)`,
    [userId, new Date(now), keep ?? null],
  );
}
