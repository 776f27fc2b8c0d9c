import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodeScene } from '@piazza/contract/enums';
import { type Db, one, type Queryable } from '../../db/db';
import { Refusal } from '../../platform/refusal';

/** DESIGN.md §4: 6 digits, valid 5 minutes, a new one after 60 s, a few attempts each. */
export const codeValidMs = 5 * 60_000;
export const codeResendMs = 60_000;
export const codeAttemptsMax = 5;

interface CodeKey {
  account: string;
  scene: CodeScene;
}

// The account and scene salt the hash, so one code's hash says nothing about the same digits elsewhere.
function hashCode(key: CodeKey, code: string): Buffer {
  return createHash('sha256').update(`${key.scene}\u0000${key.account}\u0000${code}`).digest();
}

/**
 * Stores a new code for the account and scene and returns it for delivery, or refuses ('code.wait', with
 * the seconds left) while the previous one is younger than 60 s. Run it inside a transaction: a lock on
 * the account and scene keeps two simultaneous requests from both getting through.
 */
export async function issueCode(tx: Queryable, key: CodeKey, now: number): Promise<string> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`code:${key.scene}:${key.account}`]);
  const last = await one<{ createdAt: Date }>(
    tx,
    `select created_at as "createdAt" from verification_codes
      where account = $1 and scene = $2 order by created_at desc limit 1`,
    [key.account, key.scene],
  );
  const waitMs = last ? last.createdAt.getTime() + codeResendMs - now : 0;
  if (waitMs > 0) throw new Refusal('code.wait', [Math.ceil(waitMs / 1000)]);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.query(
    `insert into verification_codes (account, scene, code_hash, expires_at, created_at)
     values ($1, $2, $3, $4, $5)`,
    [key.account, key.scene, hashCode(key, code).toString('hex'), new Date(now + codeValidMs), new Date(now)],
  );
  return code;
}

/**
 * Checks `code` against the latest code sent for the account and scene and returns its id, to be consumed
 * with `consumeCode` in the transaction that acts on it. The try is counted and the code's state checked in
 * one statement, outside any transaction (refusing the call must not forget it): of any number of guesses
 * sent at once, at most 5 are compared, and after 5 the code is dead.
 */
export async function checkCode(db: Db, key: CodeKey, code: string, now: number): Promise<bigint> {
  const counted = await one<{ id: bigint; codeHash: string }>(
    db,
    `update verification_codes set attempts = attempts + 1
      where id = (select id from verification_codes where account = $1 and scene = $2
                   order by created_at desc limit 1)
        and consumed_at is null and expires_at > $3 and attempts < $4
      returning id, code_hash as "codeHash"`,
    [key.account, key.scene, new Date(now), codeAttemptsMax],
  );
  if (!counted) throw new Refusal(await whyNotCounted(db, key, now));
  if (!timingSafeEqual(hashCode(key, code), Buffer.from(counted.codeHash, 'hex')))
    throw new Refusal('code.wrong');
  return counted.id;
}

/** Why the latest code took no more tries: none sent or used, expired, or its tries spent. */
async function whyNotCounted(
  db: Db,
  key: CodeKey,
  now: number,
): Promise<'code.wrong' | 'code.expired' | 'code.attempts'> {
  const latest = await one<{ attempts: number; expiresAt: Date; consumedAt: Date | null }>(
    db,
    `select attempts, expires_at as "expiresAt", consumed_at as "consumedAt"
       from verification_codes where account = $1 and scene = $2 order by created_at desc limit 1`,
    [key.account, key.scene],
  );
  if (!latest || latest.consumedAt) return 'code.wrong';
  if (latest.expiresAt.getTime() <= now) return 'code.expired';
  return 'code.attempts';
}

/** Marks a checked code used; refuses if another request used it in the meantime. */
export async function consumeCode(tx: Queryable, codeId: bigint, now: number): Promise<void> {
  const used = await tx.query(
    'update verification_codes set consumed_at = $2 where id = $1 and consumed_at is null returning id',
    [codeId, new Date(now)],
  );
  if (used.length === 0) throw new Refusal('code.wrong');
}
