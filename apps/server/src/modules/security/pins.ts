import { checkPin } from '@piazza/core/validation';
import { one, type Queryable } from '../../db/db';
import { Refusal } from '../../http/refusal';
import { verifyPassword } from '../../platform/passwords';
import { pinAttemptsMax, pinLockMs, reserveAttempt } from './pin-attempts';

export type PinKind = 'trade' | 'withdraw';

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

/**
 * Checks the user's transaction or withdrawal password; resolves when right, else throws a Refusal:
 * 'pin.notSet.trade' / 'pin.notSet.withdraw', 'pin.format', 'pin.wrong.trade' / 'pin.wrong.withdraw'
 * (with the attempts left), or 'pin.locked' (with the minutes left).
 *
 * Call it with the transaction of the call it guards: it only reads through `q`. Attempts are counted
 * OUTSIDE that transaction (see pin-attempts.ts), because the refusal rolls the transaction back.
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

  const attempt = await reserveAttempt(q, { userId, kind, failures: row.failures }, now);
  if (!attempt) throw new Refusal('pin.locked', [pinLockMs / 60_000]);
  if (await verifyPassword(row.pinHash, pin)) {
    await attempt.right();
    return;
  }
  await attempt.wrong();
  if (attempt.failures >= pinAttemptsMax) throw new Refusal('pin.locked', [pinLockMs / 60_000]);
  throw new Refusal(`pin.wrong.${kind}`, [pinAttemptsMax - attempt.failures]);
}
