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

export type AttemptClaim = { attempt: number } | { waitSeconds: number };

/**
 * Counts this attempt under each key BEFORE its password is checked, each in one statement, so that of N
 * attempts sent at once each gets its own number and only the first three are checked without a captcha
 * (issue 16). A key still in its growing delay is not counted, and the claim answers the seconds to wait
 * (what was counted under the other key is given back). The attempt's number is the highest over the keys.
 */
export async function claimAttempt(q: Queryable, keys: string[], now: number): Promise<AttemptClaim> {
  const claimed: string[] = [];
  let attempt = 0;
  for (const key of keys) {
    const rows = await q.query<{ failures: number }>(
      `insert into login_failures as f (key, failures, last_at) values ($1, 1, $2)
       on conflict (key) do update set
         failures = case when f.last_at <= $3 then 1 else f.failures + 1 end,
         last_at = case when f.last_at <= $3 then $2 else f.last_at end
       where f.last_at <= $3 or f.failures < $4
          or f.last_at + least(power(2, f.failures - $4), $5) * interval '1 second' <= $2
       returning failures`,
      [key, new Date(now), new Date(now - failureWindowMs), delayFromFailures, delayMaxSeconds],
    );
    const counted = rows[0];
    if (!counted) {
      await giveBackAttempt(q, claimed);
      const records = await readFailures(q, [key], now);
      return { waitSeconds: Math.max(1, ...records.map((r) => waitSecondsAfter(r, now))) };
    }
    claimed.push(key);
    attempt = Math.max(attempt, counted.failures);
  }
  return { attempt };
}

/** Takes back an attempt that was refused before its password was checked (no captcha, a wrong one). */
export async function giveBackAttempt(q: Queryable, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await q.query(
    'update login_failures set failures = greatest(failures - 1, 0) where key = any($1::text[])',
    [keys],
  );
}

/** A checked attempt failed: it stays counted, and the growing delay runs from now. */
export async function recordFailure(q: Queryable, keys: string[], now: number): Promise<void> {
  await q.query('update login_failures set last_at = $2 where key = any($1::text[])', [keys, new Date(now)]);
}

export async function clearFailures(q: Queryable, keys: string[]): Promise<void> {
  await q.query('delete from login_failures where key = any($1::text[])', [keys]);
}
