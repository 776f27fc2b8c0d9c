import { checkPin } from '@piazza/core/validation';
import { one, type Queryable } from '../../db/db';
import { verifyPassword } from '../../platform/passwords';
import { Refusal } from '../../platform/refusal';
import {
  mayWaitForAttempts,
  pinAttemptsMax,
  pinLockMs,
  type Reservation,
  reserveAttempt,
} from './pin-attempts';

export type PinKind = 'trade' | 'withdraw';

/** The slow check of a pin against its argon2 hash, as an object so tests can count the calls (decision 066). */
export const pinHashes = { verify: verifyPassword };

/** DESIGN.md §4: attempt-limited. The 5th wrong attempt in a row locks the password for 15 minutes. */
export { pinAttemptsMax, pinLockMs };

interface PinRow {
  pinHash: string;
  failures: number;
  lockedUntil: Date | null;
}

export interface PinState {
  set: boolean;
  attemptsLeft: number;
  lockedSeconds: number;
}

async function readPin(q: Queryable, userId: number, kind: PinKind): Promise<PinRow | undefined> {
  return one<PinRow>(
    q,
    `select pin_hash as "pinHash", failures, locked_until as "lockedUntil"
       from user_pins where user_id = $1 and kind = $2`,
    [userId, kind],
  );
}

function lockedMs(row: PinRow, now: number): number {
  return row.lockedUntil ? Math.max(0, row.lockedUntil.getTime() - now) : 0;
}

export async function hasPin(q: Queryable, userId: number, kind: PinKind): Promise<boolean> {
  return (await readPin(q, userId, kind)) !== undefined;
}

export async function pinState(q: Queryable, userId: number, kind: PinKind, now: number): Promise<PinState> {
  const row = await readPin(q, userId, kind);
  if (!row) return { set: false, attemptsLeft: pinAttemptsMax, lockedSeconds: 0 };
  const locked = lockedMs(row, now);
  return {
    set: true,
    attemptsLeft: locked > 0 ? 0 : pinAttemptsMax - row.failures,
    lockedSeconds: Math.ceil(locked / 1000),
  };
}

/** How long an attempt waits for the attempts under way before it (a burst of orders) to be settled. */
const settleWaitMs = 5_000;
const settlePollMs = 20;

/**
 * Reserves an attempt; when the attempts under way use up the ones left but the password is not locked, the
 * attempt waits for them to settle rather than being refused: twenty right passwords sent at once are all
 * checked (each right one starts the count again), while wrong ones still get at most the attempts left.
 */
async function reserveWhenFree(
  q: Queryable,
  userId: number,
  kind: PinKind,
  first: PinRow,
  now: number,
): Promise<Reservation> {
  let row = first;
  for (let waitedMs = 0; ; waitedMs += settlePollMs) {
    const attempt = await reserveAttempt(q, { userId, kind, failures: row.failures }, now);
    if (attempt) return attempt;
    const current = await readPin(q, userId, kind);
    if (!current) throw new Refusal(`pin.notSet.${kind}`);
    const locked = lockedMs(current, now);
    if (locked > 0 || waitedMs >= settleWaitMs || !mayWaitForAttempts(q)) {
      throw new Refusal('pin.locked', [Math.ceil((locked || pinLockMs) / 60_000)]);
    }
    row = current;
    await new Promise((resolve) => setTimeout(resolve, settlePollMs));
  }
}

/**
 * Checks the user's transaction or withdrawal password; resolves when right, else throws a Refusal:
 * 'pin.notSet.trade' / 'pin.notSet.withdraw', 'pin.format', 'pin.wrong.trade' / 'pin.wrong.withdraw'
 * (with the attempts left), or 'pin.locked' (with the minutes left).
 *
 * Call it before the guarded call's transaction opens (the guards' preHandlers do): attempts are counted
 * outside any transaction (see pin-attempts.ts), because a refusal rolls the transaction back, and an
 * attempt may wait for the ones under way, which on PGlite's one connection a held transaction would block.
 */
export async function verifyPin(
  q: Queryable,
  userId: number,
  kind: PinKind,
  pin: string,
  now: number,
): Promise<void> {
  const row = await readPin(q, userId, kind);
  if (!row) throw new Refusal(`pin.notSet.${kind}`);
  const locked = lockedMs(row, now);
  if (locked > 0) throw new Refusal('pin.locked', [Math.ceil(locked / 60_000)]);
  if (checkPin(pin) !== null) throw new Refusal('pin.format');

  const attempt = await reserveWhenFree(q, userId, kind, row, now);
  if (await pinHashes.verify(row.pinHash, pin)) {
    await attempt.right();
    return;
  }
  await attempt.wrong();
  if (attempt.failures >= pinAttemptsMax) throw new Refusal('pin.locked', [pinLockMs / 60_000]);
  throw new Refusal(`pin.wrong.${kind}`, [pinAttemptsMax - attempt.failures]);
}
