import type { Queryable } from '../db/db';
import { countAttemptFailure, countAttemptThrottled } from './metrics';

/*
 * Failed sign-in attempts, counted per key in `login_failures` (an account, a client address, an operator's
 * e-mail), with a delay that doubles from a number of failures on. The counting is done so that attempts
 * sent at once cannot share one count (decision 028): an attempt is claimed, in one statement, before its
 * password is checked, and the statement refuses to count while the delay runs.
 */

export interface ThrottlePolicy {
  /** From this many failures on, each attempt waits after the last failure… */
  delayFromFailures: number;
  /** …this long at first, doubling with each further failure… */
  firstDelayMs: number;
  /** …up to this. */
  longestDelayMs: number;
  /** Failures older than this are forgotten. */
  forgetAfterMs: number;
  /** The metrics' label for this throttle's failures and waits. */
  name: string;
}

export interface FailureRecord {
  failures: number;
  lastAt: Date;
}

export type AttemptClaim = { attempt: number } | { waitSeconds: number };

export interface AttemptThrottle {
  readonly policy: ThrottlePolicy;
  /** Seconds still to wait after `record`'s last failure. */
  waitSecondsAfter(record: FailureRecord, now: number): number;
  /**
   * Counts this attempt under each key before it is checked, each in one statement, so that of N attempts
   * sent at once each gets its own number. A key still in its delay is not counted and the claim answers the
   * seconds to wait (what was counted under the other keys is given back). The number is the highest over the
   * keys.
   */
  claim(q: Queryable, keys: string[], now: number): Promise<AttemptClaim>;
  /** Takes back an attempt refused before its password was checked. */
  giveBack(q: Queryable, keys: string[]): Promise<void>;
  /** A checked attempt failed: it stays counted, and the delay runs from now. */
  recordFailure(q: Queryable, keys: string[], now: number): Promise<void>;
  /** The right password: every failure under the keys is forgotten. */
  clear(q: Queryable, keys: string[]): Promise<void>;
}

export function attemptThrottle(policy: ThrottlePolicy): AttemptThrottle {
  const waitSecondsAfter = (record: FailureRecord, now: number) => {
    if (record.failures < policy.delayFromFailures) return 0;
    const delayMs = Math.min(
      policy.firstDelayMs * 2 ** (record.failures - policy.delayFromFailures),
      policy.longestDelayMs,
    );
    const leftMs = record.lastAt.getTime() + delayMs - now;
    return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0;
  };

  const giveBack = async (q: Queryable, keys: string[]) => {
    if (keys.length === 0) return;
    await q.query(
      'update login_failures set failures = greatest(failures - 1, 0) where key = any($1::text[])',
      [keys],
    );
  };

  return {
    policy,
    waitSecondsAfter,
    giveBack,
    async claim(q, keys, now) {
      const claimed: string[] = [];
      let attempt = 0;
      for (const key of keys) {
        const rows = await q.query<{ failures: number }>(
          `insert into login_failures as f (key, failures, last_at) values ($1, 1, $2)
           on conflict (key) do update set
             failures = case when f.last_at <= $3 then 1 else f.failures + 1 end,
             last_at = case when f.last_at <= $3 then $2 else f.last_at end
           where f.last_at <= $3 or f.failures < $4
              or f.last_at + least($5 * power(2, f.failures - $4), $6) * interval '1 millisecond' <= $2
           returning failures`,
          [
            key,
            new Date(now),
            new Date(now - policy.forgetAfterMs),
            policy.delayFromFailures,
            policy.firstDelayMs,
            policy.longestDelayMs,
          ],
        );
        const counted = rows[0];
        if (!counted) {
          await giveBack(q, claimed);
          const records = await q.query<FailureRecord>(
            `select failures, last_at as "lastAt" from login_failures where key = $1`,
            [key],
          );
          countAttemptThrottled(policy.name);
          return { waitSeconds: Math.max(1, ...records.map((r) => waitSecondsAfter(r, now))) };
        }
        claimed.push(key);
        attempt = Math.max(attempt, counted.failures);
      }
      return { attempt };
    },
    async recordFailure(q, keys, now) {
      countAttemptFailure(policy.name);
      await q.query('update login_failures set last_at = $2 where key = any($1::text[])', [
        keys,
        new Date(now),
      ]);
    },
    async clear(q, keys) {
      await q.query('delete from login_failures where key = any($1::text[])', [keys]);
    },
  };
}
