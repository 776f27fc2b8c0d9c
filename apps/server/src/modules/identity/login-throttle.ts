import { attemptThrottle } from '../../platform/attempt-throttle';

/**
 * DESIGN.md §4: a captcha after 3 attempts for the account or the address without success, then a delay of
 * 2^(failures − 5) s after the last failure, at most 15 minutes; failures a day old are forgotten, so a shared
 * address is not held back for ever.
 */
export const captchaFromFailures = 3;

export const loginThrottle = attemptThrottle({
  name: 'login',
  delayFromFailures: 5,
  firstDelayMs: 1_000,
  longestDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
});

/** The keys a login attempt is counted under: the account it names and the address it comes from. */
export function failureKeys(account: string, ip: string): string[] {
  return [accountFailureKey(account), `ip:${ip}`];
}

export function accountFailureKey(account: string): string {
  return `account:${account}`;
}
