import type { totpSetup } from '@piazza/contract/calls/security';
import type { CallOutput } from '@piazza/contract/define';
import { type Db, one } from '../../db/db';
import type { SessionUser } from '../../http/sessions';
import { Refusal } from '../../platform/refusal';
import { type SecretBox, secretBoxOf } from '../../platform/secret-box';
import { matchTotp, newTotpSecret, totpUri } from '../../platform/totp';
import type { Services } from '../../services';
import { openUserTotpSecret, sealUserTotpSecret } from './totp-secrets';

/** Like the 6-digit passwords: 5 wrong codes in a row lock two-factor checks for 15 minutes. */
export const totpAttemptsMax = 5;
export const totpLockMs = 15 * 60_000;
const totpIssuer = 'Piazza';
/** The login answers carry this, like {captcha: true}, so the app shows the code field. */
const totpNeeded = { totp: true };

interface TotpRow {
  secret: string;
  enabledAt: Date | null;
  lastStep: bigint | null;
  failures: number;
  lockedUntil: Date | null;
}

function readTotp(db: Db, userId: number): Promise<TotpRow | undefined> {
  return one<TotpRow>(
    db,
    `select secret, enabled_at as "enabledAt", last_step as "lastStep", failures, locked_until as "lockedUntil"
       from user_totp where user_id = $1`,
    [userId],
  );
}

export async function totpEnabled(db: Db, userId: number): Promise<boolean> {
  return (await readTotp(db, userId))?.enabledAt != null;
}

/**
 * Accepts a code of the row's secret once. Each attempt is counted as wrong before it is checked and given
 * back when right (an atomic update: attempts sent at once cannot share one count), and the step is taken
 * only if it is later than the last accepted one, so a code seen over a shoulder, or sent twice at once,
 * works once. These calls run outside any transaction, so the writes stand whatever is refused.
 */
async function acceptCode(
  db: Db,
  box: SecretBox,
  userId: number,
  row: TotpRow,
  code: string,
  now: number,
): Promise<void> {
  const lockedMs = row.lockedUntil ? row.lockedUntil.getTime() - now : 0;
  if (lockedMs > 0) throw new Refusal('totp.locked', [Math.ceil(lockedMs / 60_000)], totpNeeded);
  const reserved = await db.query<{ failures: number }>(
    `update user_totp set failures = failures + 1
      where user_id = $1 and (locked_until is null or locked_until <= $2) and failures < $3
      returning failures`,
    [userId, new Date(now), totpAttemptsMax],
  );
  const failures = reserved[0]?.failures;
  if (failures === undefined) throw new Refusal('totp.locked', [totpLockMs / 60_000], totpNeeded);

  const step = matchTotp(openUserTotpSecret(box, userId, row.secret), code, now);
  if (step !== null) {
    const taken = await db.query(
      `update user_totp set last_step = $2, failures = 0
        where user_id = $1 and (last_step is null or last_step < $2) returning user_id`,
      [userId, step],
    );
    if (taken.length > 0) return;
  }
  if (failures >= totpAttemptsMax) {
    await db.query('update user_totp set failures = 0, locked_until = $2 where user_id = $1', [
      userId,
      new Date(now + totpLockMs),
    ]);
    throw new Refusal('totp.locked', [totpLockMs / 60_000], totpNeeded);
  }
  throw new Refusal('totp.wrong', [], totpNeeded);
}

/** A new secret, kept pending until a code from it is confirmed; a pending one is replaced. */
export async function startTotp(services: Services, me: SessionUser): Promise<CallOutput<typeof totpSetup>> {
  const { db, clock } = services;
  const row = await readTotp(db, me.id);
  if (row?.enabledAt) throw new Refusal('totp.enabled');
  const secret = newTotpSecret();
  await db.query(
    `insert into user_totp (user_id, secret, created_at) values ($1, $2, $3)
     on conflict (user_id) do update set secret = excluded.secret, created_at = excluded.created_at,
       last_step = null, failures = 0, locked_until = null
     where user_totp.enabled_at is null`,
    [me.id, sealUserTotpSecret(secretBoxOf(services.config), me.id, secret), new Date(clock.now())],
  );
  return { secret, uri: totpUri(totpIssuer, me.account, secret) };
}

export async function enableTotp(services: Services, me: SessionUser, code: string): Promise<void> {
  const { db, clock } = services;
  const now = clock.now();
  const row = await readTotp(db, me.id);
  if (!row) throw new Refusal('totp.noSetup');
  if (row.enabledAt) throw new Refusal('totp.enabled');
  await acceptCode(db, secretBoxOf(services.config), me.id, row, code, now);
  await db.query('update user_totp set enabled_at = $2 where user_id = $1', [me.id, new Date(now)]);
}

export async function disableTotp(services: Services, me: SessionUser, code: string): Promise<void> {
  const { db, clock } = services;
  const row = await readTotp(db, me.id);
  if (!row?.enabledAt) throw new Refusal('totp.notEnabled');
  await acceptCode(db, secretBoxOf(services.config), me.id, row, code, clock.now());
  await db.query('delete from user_totp where user_id = $1', [me.id]);
}

/**
 * The login step after a right password: nothing when two-factor is off, else a current code is required
 * ('totp.required' with data {totp: true}) and checked ('totp.wrong', 'totp.locked').
 */
export async function checkLoginTotp(
  services: Services,
  userId: number,
  code: string | undefined,
  now: number,
): Promise<void> {
  const { db, config } = services;
  const row = await readTotp(db, userId);
  if (!row?.enabledAt) return;
  if (!code) throw new Refusal('totp.required', [], totpNeeded);
  await acceptCode(db, secretBoxOf(config), userId, row, code, now);
}
