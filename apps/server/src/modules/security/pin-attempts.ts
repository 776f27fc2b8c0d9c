import type { Db, Queryable } from '../../db/db';

/*
 * Wrong attempts at a 6-digit password or a TOTP code must be remembered even when the call that made them
 * is refused, and a refusal rolls back the caller's transaction. So they are written through the database
 * itself, never through the caller's transaction. The database is bound once when the security module is
 * registered (verifyPin keeps the signature other modules call it with: (q, userId, kind, pin, now)).
 */
let bound: Db | undefined;

export function bindAttemptStore(db: Db): void {
  bound = db;
}

/**
 * Runs `sql` outside the caller's transaction `q`. PostgreSQL has other connections: the write is awaited
 * and commits on its own. PGlite is one connection whose queue the caller's transaction holds until it
 * ends, so awaiting would wait forever: the write is queued behind that transaction instead and runs
 * before any later statement, so the next attempt sees it.
 */
export async function writeOutside(q: Queryable, sql: string, params: readonly unknown[]): Promise<void> {
  const db = bound;
  if (!db) throw new Error('security module not registered: attempts cannot be recorded');
  if (db.kind === 'postgres' || q === db) {
    await db.query(sql, params);
    return;
  }
  void db.query(sql, params).catch(() => undefined);
}
