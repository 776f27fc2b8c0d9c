import type { pinChange, pinSet, securityCodeSend } from '@piazza/contract/calls/security';
import type { CallInput, CallOutput } from '@piazza/contract/define';
import { checkPasswordsMatch } from '@piazza/core/validation';
import type { SessionUser } from '../../http/sessions';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import {
  accountFailureKey,
  checkCode,
  codeResendMs,
  codeValidMs,
  consumeCode,
  countCodeSend,
  findUserById,
  issueCode,
  loginThrottle,
} from '../identity';
import { hasPin, verifyPin } from './pins';
import { lockTrading } from './trade-unlock';

/** The pin and its confirmation are the same 6 digits; the message is the login password's mismatch one. */
function checkConfirmation(pin: string, confirmPin: string): void {
  const mismatch = checkPasswordsMatch(pin, confirmPin);
  if (mismatch) throw new Refusal(mismatch);
}

/** First time only: the login password proves the person at the screen is the account holder. */
export async function setPin(
  services: Services,
  me: SessionUser,
  input: CallInput<typeof pinSet>,
): Promise<void> {
  const { db, clock } = services;
  checkConfirmation(input.pin, input.confirmPin);
  if (await hasPin(db, me.id, input.type)) throw new Refusal('pin.exists');
  // The login password is guessed here against the same count and delays as at login, so a session left
  // open does not become a way to try passwords without limit.
  const now = clock.now();
  const keys = [accountFailureKey(me.account)];
  const claim = await loginThrottle.claim(db, keys, now);
  if ('waitSeconds' in claim) throw new Refusal('login.wait', [claim.waitSeconds]);
  const user = await findUserById(db, me.id);
  if (!user || !(await verifyPassword(user.passwordHash, input.password))) {
    await loginThrottle.recordFailure(db, keys, now);
    throw new Refusal('pin.loginPassword');
  }
  await loginThrottle.giveBack(db, keys);
  const pinHash = await hashPassword(input.pin);
  // "on conflict do nothing" + the count: two first-time sets at once leave exactly one, the other refused.
  const inserted = await db.query(
    `insert into user_pins (user_id, kind, pin_hash, updated_at) values ($1, $2, $3, $4)
     on conflict do nothing returning user_id`,
    [me.id, input.type, pinHash, new Date(now)],
  );
  if (inserted.length === 0) throw new Refusal('pin.exists');
}

/**
 * Changes a pin proven by the current one (counted like any wrong attempt) or by a security code sent to
 * the user's own account. A code also ends a lock: whoever reads the account's messages owns it.
 */
export async function changePin(
  services: Services,
  me: SessionUser,
  input: CallInput<typeof pinChange>,
): Promise<void> {
  const { db, clock } = services;
  const now = clock.now();
  checkConfirmation(input.pin, input.confirmPin);
  if (!(await hasPin(db, me.id, input.type))) throw new Refusal(`pin.notSet.${input.type}`);
  let codeId: bigint | undefined;
  if (input.oldPin !== undefined) {
    await verifyPin(db, me.id, input.type, input.oldPin, now);
    if (input.oldPin === input.pin) throw new Refusal('pin.same');
  } else if (input.code !== undefined) {
    codeId = await checkCode(db, { account: me.account, scene: 'security' }, input.code, now);
  } else {
    throw new Refusal('pin.proof');
  }
  const pinHash = await hashPassword(input.pin);
  await db.tx(async (tx) => {
    if (codeId !== undefined) await consumeCode(tx, codeId, now);
    await tx.query(
      `update user_pins set pin_hash = $3, failures = 0, locked_until = null, updated_at = $4
        where user_id = $1 and kind = $2`,
      [me.id, input.type, pinHash, new Date(now)],
    );
  });
  // Every session asks the new password in full once (other instances see the new hash: decision 066).
  if (input.type === 'trade') lockTrading(services, { userId: me.id });
}

/** A security code to the user's own account: the account is the session's, never one from the request. */
export async function sendSecurityCode(
  services: Services,
  me: SessionUser,
  ip: string,
): Promise<CallOutput<typeof securityCodeSend>> {
  const { db, clock, notifier, bus } = services;
  await db.tx(async (tx) => {
    const now = clock.now();
    const code = await issueCode(tx, { account: me.account, scene: 'security' }, now);
    // The same hourly limits as /common/code/send: the code costs an SMS or an e-mail all the same.
    await countCodeSend(bus, tx, { account: me.account, ip }, now);
    await notifier.sendCode(tx, { to: me.account, scene: 'security', code });
  });
  return { expiresInSeconds: codeValidMs / 1000, resendInSeconds: codeResendMs / 1000 };
}
