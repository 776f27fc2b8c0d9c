import type { Db, Queryable } from '../../db/db';

/*
 * Wrong attempts at a 6-digit password must be remembered even when the call that made them is refused, and
 * a refusal rolls back the caller's transaction. So they are written through the database itself, never
 * through the caller's transaction. The database is bound once when the security module is registered
 * (verifyPin keeps the signature other modules call it with: (q, userId, kind, pin, now)).
 *
 * An attempt is counted as wrong BEFORE its pin is checked and given back when it was right, so that many
 * attempts sent at once cannot all be checked against the same count:
 * - PostgreSQL: an atomic increment on its own connection, awaited; it holds across server instances.
 * - PGlite: one connection whose queue the caller's transaction holds until it ends, so a write from here
 *   cannot be awaited (it would wait for ever). Attempts in flight are counted in this process (PGlite has
 *   only one), and the write is queued behind the caller's transaction, before any later statement.
 */

export const pinAttemptsMax = 5;
export const pinLockMs = 15 * 60_000;

let bound: Db | undefined;
/** PGlite only: attempts being checked or whose write is still queued, by user and kind. */
const unsettled = new Map<string, number>();

export function bindAttemptStore(db: Db): void {
  bound = db;
}

function store(): Db {
  if (!bound) throw new Error('security module not registered: pin attempts cannot be recorded');
  return bound;
}

function awaitable(db: Db, q: Queryable): boolean {
  return db.kind === 'postgres' || q === db;
}

/**
 * Whether an attempt through `q` may wait for the attempts under way to settle: always on PostgreSQL, but on
 * PGlite only outside a transaction, since their writes queue behind the transaction that would be waiting.
 */
export function mayWaitForAttempts(q: Queryable): boolean {
  return awaitable(store(), q);
}

function bump(key: string, by: number): void {
  const n = (unsettled.get(key) ?? 0) + by;
  if (n > 0) unsettled.set(key, n);
  else unsettled.delete(key);
}

const lockSql = `update user_pins
    set locked_until = case when failures + 1 >= $3 then $4 else locked_until end,
        failures = case when failures + 1 >= $3 then 0 else failures + 1 end
  where user_id = $1 and kind = $2`;

export interface Reservation {
  /** The wrong attempts in a row this one makes if it is wrong (1 to pinAttemptsMax). */
  failures: number;
  /** The pin was right: the count starts again. */
  right(): Promise<void>;
  /** The pin was wrong: the attempt stays counted; the last one locks. */
  wrong(): Promise<void>;
}

/**
 * Counts an attempt before its check. Answers null when the password is locked, or when the attempts
 * already under way use up the ones left (the caller refuses as locked).
 */
export async function reserveAttempt(
  q: Queryable,
  user: { userId: number; kind: string; failures: number },
  now: number,
): Promise<Reservation | null> {
  const db = store();
  const { userId, kind } = user;
  const lockUntil = new Date(now + pinLockMs);

  if (db.kind === 'postgres') {
    const rows = await db.query<{ failures: number }>(
      `update user_pins set failures = failures + 1
        where user_id = $1 and kind = $2 and (locked_until is null or locked_until <= $3) and failures < $4
        returning failures`,
      [userId, kind, new Date(now), pinAttemptsMax],
    );
    const failures = rows[0]?.failures;
    if (failures === undefined) return null;
    return {
      failures,
      right: async () => {
        await db.query('update user_pins set failures = 0 where user_id = $1 and kind = $2', [userId, kind]);
      },
      wrong: async () => {
        if (failures < pinAttemptsMax) return;
        await db.query(
          'update user_pins set failures = 0, locked_until = $3 where user_id = $1 and kind = $2',
          [userId, kind, lockUntil],
        );
      },
    };
  }

  const key = `${userId}:${kind}`;
  const failures = user.failures + (unsettled.get(key) ?? 0) + 1;
  if (failures > pinAttemptsMax) return null;
  bump(key, 1);
  const write = async (sql: string, params: unknown[]) => {
    const done = db.query(sql, params).then(
      () => bump(key, -1),
      () => bump(key, -1),
    );
    if (awaitable(db, q)) await done;
  };
  return {
    failures,
    right: async () => {
      if (user.failures === 0) return bump(key, -1);
      await write('update user_pins set failures = 0 where user_id = $1 and kind = $2', [userId, kind]);
    },
    wrong: () => write(lockSql, [userId, kind, pinAttemptsMax, lockUntil]),
  };
}
