import { type Db, one } from '../db/db';
import { findUserSession } from '../http/sessions';
import type { SessionPort } from './socket-client';

/**
 * The socket's view of investor sessions. `find` is the HTTP calls' own lookup (it counts as use of the
 * session); `isLive` only reads, since it runs every few seconds for every signed-in socket, and applies
 * the same rules as http/sessions.ts: not revoked, used within 30 days, user not turned off.
 */
export function databaseSessions(db: Db): SessionPort {
  return {
    async find(token) {
      const found = await findUserSession(db, token);
      return found && { userId: found.id, sessionId: found.sessionId, status: found.status };
    },
    async isLive(sessionId) {
      const row = await one<{ status: number }>(
        db,
        `select u.status from sessions s join users u on u.id = s.user_id
          where s.id = $1 and s.revoked_at is null and s.last_seen_at > now() - interval '30 days'`,
        [sessionId],
      );
      return row !== undefined && row.status !== 0;
    },
  };
}
