import { checkEmail, normaliseEmail } from '@piazza/core/validation';
import { one } from '../../db/db';
import type { SessionUser } from '../../http/sessions';
import { userChanged } from '../../kit/user-changes';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { checkCode, consumeCode } from '../identity';

/**
 * Binds or changes the user's email: the code sent to that address (scene bind, /common/code/send) proves
 * the mailbox is theirs. An address another user signs in with or has bound is refused.
 */
export async function bindEmail(
  services: Services,
  me: SessionUser,
  input: { email: string; code: string },
): Promise<{ email: string }> {
  const { db, clock } = services;
  const failure = checkEmail(input.email);
  if (failure) throw new Refusal(failure);
  const email = normaliseEmail(input.email);
  const mine = await one<{ email: string | null }>(db, 'select email from users where id = $1', [me.id]);
  if (mine?.email === email) throw new Refusal('email.same');
  const holder = await one(db, 'select 1 from users where id <> $1 and (account = $2 or email = $2)', [
    me.id,
    email,
  ]);
  if (holder) throw new Refusal('email.taken');

  const now = clock.now();
  const codeId = await checkCode(db, { account: email, scene: 'bind' }, input.code, now);
  await db.tx(async (tx) => {
    await consumeCode(tx, codeId, now);
    await tx.query('update users set email = $2, updated_at = $3 where id = $1', [
      me.id,
      email,
      new Date(now),
    ]);
  });
  await userChanged(services, me.id);
  return { email };
}
