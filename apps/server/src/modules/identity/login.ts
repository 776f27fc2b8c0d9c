import type { login } from '@piazza/contract/calls/identity';
import type { CallInput, CallOutput } from '@piazza/contract/define';
import { Refusal } from '../../http/refusal';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { Services } from '../../services';
import { checkLoginTotp } from '../security/two-factor';
import { accountOf } from './account';
import { solveCaptcha } from './captcha';
import {
  captchaFromFailures,
  clearFailures,
  failureKeys,
  readFailures,
  recordFailure,
  waitSecondsAfter,
} from './login-throttle';
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
 * failed for the account or the address, then the password. A wrong account and a wrong password get the
 * same refusal; only someone who knows the password learns that the account is disabled.
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

  const records = await readFailures(db, keys, now);
  const waitSeconds = Math.max(0, ...records.map((r) => waitSecondsAfter(r, now)));
  if (waitSeconds > 0) throw new Refusal('login.wait', [waitSeconds], captchaNeeded);
  const failures = Math.max(0, ...records.map((r) => r.failures));
  if (failures >= captchaFromFailures) {
    if (!input.captcha || !input.captchaId) throw new Refusal('captcha.required', [], captchaNeeded);
    const solved = await solveCaptcha(db, input.captchaId, input.captcha, now);
    if (!solved) throw new Refusal('captcha.wrong', [], captchaNeeded);
  }

  const user = await findUserByAccount(db, account);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  if (!user || !passwordOk) {
    const after = await recordFailure(db, keys, now);
    throw new Refusal('login.wrong', [], after >= captchaFromFailures ? captchaNeeded : null);
  }
  if (user.status === 0) throw new Refusal('login.disabled');
  await checkLoginTotp(services, user.id, input.totp, now);

  await clearFailures(db, keys);
  const token = await openSession(db, user.id, { ...meta, now });
  return { token, user: userView(user) };
}
