import type { Queryable } from '../../db/db';

/** DESIGN.md §4: a captcha after 3 failures for the account or the address, then growing delays. */
export const captchaFromFailures = 3;
export const delayFromFailures = 5;
export const delayMaxSeconds = 15 * 60;
/** Failures older than this are forgotten, so a shared address is not held back for ever. */
export const failureWindowMs = 24 * 60 * 60_000;

export interface FailureRecord {
  failures: number;
  lastAt: Date;
}

/** The keys a login attempt is counted under: the account it names and the address it comes from. */
export function failureKeys(account: string, ip: string): string[] {
  return [accountFailureKey(account), `ip:${ip}`];
}

export function accountFailureKey(account: string): string {
  return `account:${account}`;
}

/** Seconds still to wait before the next attempt: 2^(failures − 5) s after the last failure, at most 15 min. */
export function waitSecondsAfter(record: FailureRecord, now: number): number {
  if (record.failures < delayFromFailures) return 0;
  const delayMs = Math.min(2 ** (record.failures - delayFromFailures), delayMaxSeconds) * 1000;
  const leftMs = record.lastAt.getTime() + delayMs - now;
  return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0;
}

/** The live failure records under `keys` (stale ones count as none). */
export async function readFailures(q: Queryable, keys: string[], now: number): Promise<FailureRecord[]> {
  return q.query<FailureRecord>(
    `select failures, last_at as "lastAt" from login_failures where key = any($1::text[]) and last_at > $2`,
    [keys, new Date(now - failureWindowMs)],
  );
}

/** Counts one more failure under each key; returns the highest count after it. */
export async function recordFailure(q: Queryable, keys: string[], now: number): Promise<number> {
  let highest = 0;
  for (const key of keys) {
    const rows = await q.query<{ failures: number }>(
      `insert into login_failures (key, failures, last_at) values ($1, 1, $2)
       on conflict (key) do update set
         failures = case when login_failures.last_at <= $3 then 1 else login_failures.failures + 1 end,
         last_at = excluded.last_at
       returning failures`,
      [key, new Date(now), new Date(now - failureWindowMs)],
    );
    highest = Math.max(highest, rows[0]?.failures ?? 0);
  }
  return highest;
}

export async function clearFailures(q: Queryable, keys: string[]): Promise<void> {
  await q.query('delete from login_failures where key = any($1::text[])', [keys]);
}
