import type { resetPassword, updatePassword } from '@piazza/contract/calls/identity';
import type { CallInput } from '@piazza/contract/define';
import { checkPasswordsMatch } from '@piazza/core/validation';
import { endSessions, type SessionUser } from '../../http/sessions';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { accountOf } from './account';
import { accountFailureKey, loginThrottle } from './login-throttle';
import { revokeUserSessions } from './user-sessions';
import { findUserByAccount, findUserById } from './users';
import { checkCode, consumeCode } from './verification-codes';

/**
 * Forgotten password (findPasswd): a reset code proves the account is theirs. Every session is revoked,
 * since whoever else might hold one is the reason people reset, and the account's failed logins are
 * forgotten.
 */
export async function resetPasswordWithCode(
  services: Services,
  input: CallInput<typeof resetPassword>,
): Promise<void> {
  const { db, clock } = services;
  const mismatch = checkPasswordsMatch(input.password, input.confirmPassword);
  if (mismatch) throw new Refusal(mismatch);
  const { account } = accountOf(input.account, input.areaCode);
  const now = clock.now();
  const codeId = await checkCode(db, { account, scene: 'reset' }, input.code, now);
  // Codes for unknown accounts are never delivered: getting here without a user means a guessed code.
  const user = await findUserByAccount(db, account);
  if (!user) throw new Refusal('code.wrong');
  const passwordHash = await hashPassword(input.password);

  await db.tx(async (tx) => {
    await consumeCode(tx, codeId, now);
    await tx.query('update users set password_hash = $2, updated_at = $3 where id = $1', [
      user.id,
      passwordHash,
      new Date(now),
    ]);
    await revokeUserSessions(tx, user.id, now);
    await loginThrottle.clear(tx, [accountFailureKey(account)]);
  });
  await endSessions(services, { userId: user.id });
}

/**
 * Changes the password of a signed-in user, who stays signed in here and is signed out everywhere else. A
 * wrong current password counts as a failed login of the account (same delays, and the captcha at the next
 * login), so a session left open is no way to guess the password without limit; the right one clears them.
 */
export async function changePassword(
  services: Services,
  me: SessionUser,
  input: CallInput<typeof updatePassword>,
): Promise<void> {
  const { db, clock } = services;
  const mismatch = checkPasswordsMatch(input.password, input.confirmPassword);
  if (mismatch) throw new Refusal(mismatch);
  const now = clock.now();
  const keys = [accountFailureKey(me.account)];
  const claim = await loginThrottle.claim(db, keys, now);
  if ('waitSeconds' in claim) throw new Refusal('login.wait', [claim.waitSeconds]);
  const user = await findUserById(db, me.id);
  if (!user || !(await verifyPassword(user.passwordHash, input.oldPassword))) {
    await loginThrottle.recordFailure(db, keys, now);
    throw new Refusal('password.oldWrong');
  }
  if (input.password === input.oldPassword) {
    await loginThrottle.giveBack(db, keys);
    throw new Refusal('password.same');
  }
  const passwordHash = await hashPassword(input.password);

  await db.tx(async (tx) => {
    await tx.query('update users set password_hash = $2, updated_at = $3 where id = $1', [
      me.id,
      passwordHash,
      new Date(now),
    ]);
    await revokeUserSessions(tx, me.id, now, me.sessionId);
    await loginThrottle.clear(tx, keys);
  });
  // The session cache forgets the user's sessions (this one is read again and still holds, decision 067).
  await endSessions(services, { userId: me.id });
}
