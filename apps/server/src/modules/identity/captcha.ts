import { createHmac } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Config } from '../../config';
import { resolveSecretKey } from '../../config-secret-key';
import { one, type Queryable } from '../../db/db';

/*
 * The captcha asked after 3 failed logins (DESIGN.md §4) is an ALTCHA proof of work (decision 028): the
 * browser finds the number whose SHA-256 with the challenge's salt is the challenge, which takes it a moment
 * and a program the same CPU for every try, with no picture to read, no third party and nothing about the
 * person collected. The challenge is signed with a key derived from SECRET_KEY; each is kept until it expires
 * so it can be used once.
 */

export const captchaValidMs = 5 * 60_000;
/** The search space: about 50 000 SHA-256 on average, a fraction of a second in a phone's browser. */
export const captchaMaxNumber = 100_000;

const keys = new WeakMap<Config, string>();
function hmacKeyOf(config: Config): string {
  let key = keys.get(config);
  if (!key) {
    key = createHmac('sha256', resolveSecretKey(config)).update('piazza captcha v1').digest('hex');
    keys.set(config, key);
  }
  return key;
}

export interface CaptchaChallenge {
  captchaId: string;
  algorithm: 'SHA-256';
  salt: string;
  maxNumber: number;
}

/** A new challenge; its id is the challenge digest itself, which the solution must reproduce. */
export async function issueCaptcha(q: Queryable, config: Config, now: number): Promise<CaptchaChallenge> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    hmacKey: hmacKeyOf(config),
    maxNumber: captchaMaxNumber,
  });
  // Housekeeping on the way: expired challenges are of no use to anyone.
  await q.query('delete from captchas where expires_at < $1', [new Date(now - captchaValidMs)]);
  await q.query('insert into captchas (id, salt, signature, expires_at) values ($1, $2, $3, $4)', [
    challenge.challenge,
    challenge.salt,
    challenge.signature,
    new Date(now + captchaValidMs),
  ]);
  return {
    captchaId: challenge.challenge,
    algorithm: 'SHA-256',
    salt: challenge.salt,
    maxNumber: captchaMaxNumber,
  };
}

/**
 * Whether `number` solves the challenge `captchaId`. Any try uses the challenge up, right or wrong, in one
 * statement, so a burst of tries on one challenge gets one answer checked; an expired or unknown id is wrong.
 */
export async function solveCaptcha(
  q: Queryable,
  config: Config,
  captchaId: string,
  number: string,
  now: number,
): Promise<boolean> {
  if (!/^\d{1,9}$/.test(number)) return false;
  const row = await one<{ salt: string; signature: string }>(
    q,
    `update captchas set used_at = $2 where id = $1 and used_at is null and expires_at > $2
     returning salt, signature`,
    [captchaId, new Date(now)],
  );
  if (!row) return false;
  return verifySolution(
    {
      algorithm: 'SHA-256',
      challenge: captchaId,
      number: Number(number),
      salt: row.salt,
      signature: row.signature,
    },
    hmacKeyOf(config),
    // Expiry is the row's, on the server's clock (tests move it); the library would read the wall clock.
    false,
  );
}
