import type { codeSend } from '@piazza/contract/calls/identity';
import type { CallInput, CallOutput } from '@piazza/contract/define';
import type { SessionUser } from '../../http/sessions';
import { Refusal, SessionRequired } from '../../platform/refusal';
import type { Services } from '../../services';
import { accountOf } from './account';
import { countCodeSend } from './code-send-limits';
import { findUserByAccount } from './users';
import { codeResendMs, codeValidMs, issueCode } from './verification-codes';

/**
 * Sends a verification code for a scene:
 * - register: only to an account not yet registered;
 * - reset: to a registered account; for an unknown one the answer is the same and nothing is sent, so the
 *   call cannot be used to learn who has an account (the code is still stored, so the 60 s wait behaves
 *   the same too);
 * - bind: a signed-in user binding an account no one else holds.
 * Each code also counts against the hourly limits of its destination and of the client address `ip`
 * (code-send-limits.ts), whether or not it is delivered, so the limits cannot tell who has an account either.
 */
export async function sendCode(
  services: Services,
  input: CallInput<typeof codeSend>,
  user: SessionUser | undefined,
  ip: string,
): Promise<CallOutput<typeof codeSend>> {
  const { db, clock, notifier, bus } = services;
  const { account } = accountOf(input.account, input.areaCode);
  if (input.scene === 'bind' && (!user || user.status === 0)) throw new SessionRequired();
  const holder = await findUserByAccount(db, account);
  if ((input.scene === 'register' || input.scene === 'bind') && holder) throw new Refusal('account.exists');
  const deliver = input.scene !== 'reset' || holder !== undefined;

  const now = clock.now();
  await db.tx(async (tx) => {
    const code = await issueCode(tx, { account, scene: input.scene }, now);
    await countCodeSend(bus, tx, { account, ip }, now);
    if (deliver) await notifier.sendCode(tx, { to: account, scene: input.scene, code });
  });
  return { expiresInSeconds: codeValidMs / 1000, resendInSeconds: codeResendMs / 1000 };
}
