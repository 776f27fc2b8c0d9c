import type { login } from '@piazza/contract/calls/identity';
import type { CallInput, CallOutput } from '@piazza/contract/define';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { Refusal } from '../../platform/refusal';
import type { Services } from '../../services';
import { checkLoginTotp } from '../security';
import { accountOf } from './account';
import { solveCaptcha } from './captcha';
import { captchaFromFailures, failureKeys, loginThrottle } from './login-throttle';
import { openSession, type SessionMeta } from './user-sessions';
import { findUserByAccount, userView } from './users';

const captchaNeeded = { captcha: true };

// An unknown account is checked against this hash too, so both refusals take the same time.
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword('no account has this password');
  return decoyHash;
};

/**
 * Signs an investor in (DESIGN.md §4). In order: the growing delay, the captcha once 3 attempts have
 * been made for the account or the address without success, then the password. A wrong account and a
 * wrong password get the same refusal; only someone who knows the password learns that the account is disabled.
 */
export async function logIn(
  services: Services,
  input: CallInput<typeof login>,
  meta: Omit<SessionMeta, 'now'>,
): Promise<CallOutput<typeof login>> {
  const { db, clock } = services;
  const { account } = accountOf(input.account, input.areaCode);
  const now = clock.now();
  const keys = failureKeys(account, meta.ip);

  // The attempt is counted before anything is checked, so a burst cannot check more than the first three.
  const claim = await loginThrottle.claim(db, keys, now);
  if ('waitSeconds' in claim) throw new Refusal('login.wait', [claim.waitSeconds], captchaNeeded);
  if (claim.attempt > captchaFromFailures) {
    const solved =
      input.captcha && input.captchaId
        ? await solveCaptcha(db, services.config, input.captchaId, input.captcha, now)
        : null;
    if (!solved) {
      await loginThrottle.giveBack(db, keys);
      throw new Refusal(solved === null ? 'captcha.required' : 'captcha.wrong', [], captchaNeeded);
    }
  }

  const user = await findUserByAccount(db, account);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  if (!user || !passwordOk) {
    await loginThrottle.recordFailure(db, keys, now);
    throw new Refusal('login.wrong', [], claim.attempt >= captchaFromFailures ? captchaNeeded : null);
  }
  // The password was right: a refusal from here on (a disabled account, the authenticator code asked or
  // wrong, which has its own count) is not a failed guess.
  try {
    if (user.status === 0) throw new Refusal('login.disabled');
    await checkLoginTotp(services, user.id, input.totp, now);
  } catch (err) {
    await loginThrottle.giveBack(db, keys);
    throw err;
  }

  await loginThrottle.clear(db, keys);
  const token = await openSession(db, user.id, { ...meta, now });
  return { token, user: userView(user) };
}
