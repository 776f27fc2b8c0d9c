import type { Queryable } from '../../db/db';
import type { SessionUser } from '../../http/sessions';
import { Refusal } from '../../platform/refusal';
import { revokeUserSessions } from '../identity';

export interface SessionRow {
  id: number;
  userAgent: string | null;
  ip: string | null;
  createdAt: number;
  lastSeenAt: number;
  current: boolean;
}

/** The live sessions of the user: not revoked, used within the 30 days a session lives (http/sessions.ts). */
export async function listSessions(q: Queryable, me: SessionUser): Promise<SessionRow[]> {
  const rows = await q.query<{
    id: bigint;
    userAgent: string | null;
    ip: string | null;
    createdAt: Date;
    lastSeenAt: Date;
  }>(
    `select id, user_agent as "userAgent", ip, created_at as "createdAt", last_seen_at as "lastSeenAt"
       from sessions
      where user_id = $1 and revoked_at is null and last_seen_at > now() - interval '30 days'
      order by last_seen_at desc, id desc`,
    [me.id],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    userAgent: r.userAgent,
    ip: r.ip,
    createdAt: r.createdAt.getTime(),
    lastSeenAt: r.lastSeenAt.getTime(),
    current: r.id === me.sessionId,
  }));
}

/**
 * Ends one of the user's own sessions (the id of another user's session is "unknown", never a hint that it
 * exists), or with `all` every session but the current one. Answers how many ended.
 */
export async function revokeSessions(
  q: Queryable,
  me: SessionUser,
  input: { id?: number | undefined; all?: boolean | undefined },
  now: number,
): Promise<number> {
  if (input.all) {
    const live = await q.query(
      'select id from sessions where user_id = $1 and revoked_at is null and id <> $2',
      [me.id, me.sessionId],
    );
    await revokeUserSessions(q, me.id, now, me.sessionId);
    return live.length;
  }
  if (input.id === undefined) throw new Refusal('session.unknown');
  const ended = await q.query(
    'update sessions set revoked_at = $3 where id = $1 and user_id = $2 and revoked_at is null returning id',
    [input.id, me.id, new Date(now)],
  );
  if (ended.length === 0) throw new Refusal('session.unknown');
  return 1;
}
