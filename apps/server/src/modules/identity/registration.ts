import type { register } from '@piazza/contract/calls/identity';
import type { CallInput, CallOutput } from '@piazza/contract/define';
import type { Language } from '@piazza/contract/wire';
import { checkPasswordsMatch } from '@piazza/core/validation';
import { hashPassword } from '../../platform/passwords';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { accountOf } from './account';
import { openSession, type SessionMeta } from './user-sessions';
import { findInviter, findUserByAccount, insertUser, newInviteCode, userView } from './users';
import { checkCode, consumeCode } from './verification-codes';

/**
 * Registers an investor (SPEC.md §5) and signs them in. The rules are checked cheapest first and the code
 * last, so a form error does not spend one of the code's attempts; the code is consumed in the same
 * transaction that creates the user, so a refusal leaves the code usable and no row behind.
 */
export async function registerUser(
  services: Services,
  input: CallInput<typeof register>,
  lang: Language,
  meta: Omit<SessionMeta, 'now'>,
): Promise<CallOutput<typeof register>> {
  const { db, clock } = services;
  const mismatch = checkPasswordsMatch(input.password, input.confirmPassword);
  if (mismatch) throw new Refusal(mismatch);
  const account = accountOf(input.account, input.areaCode);

  const inviteCode = input.inviteCode ?? '';
  const invitedBy = inviteCode === '' ? null : await findInviter(db, inviteCode);
  if (invitedBy === undefined) throw new Refusal('invite.unknown');
  if (await findUserByAccount(db, account.account)) throw new Refusal('account.exists');

  const now = clock.now();
  const codeId = await checkCode(db, { account: account.account, scene: 'register' }, input.code, now);
  const passwordHash = await hashPassword(input.password);

  return db.tx(async (tx) => {
    await consumeCode(tx, codeId, now);
    const user = await insertUser(tx, {
      account,
      passwordHash,
      language: lang,
      inviteCode: await newInviteCode(tx),
      invitedBy,
      now,
    }).catch((err: unknown) => {
      // Two registrations racing for one account: the second is told the account exists.
      if ((err as { code?: string }).code === '23505') throw new Refusal('account.exists');
      throw err;
    });
    const token = await openSession(tx, user.id, { ...meta, now });
    return { token, user: userView(user) };
  });
}
