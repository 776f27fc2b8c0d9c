import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { one, type Queryable } from '../../db/db';
import { randomCaptchaAnswer, renderCaptchaSvg } from './captcha-image';

export const captchaValidMs = 5 * 60_000;

const hashAnswer = (answer: string) =>
  createHash('sha256').update(`captcha\u0000${answer.toUpperCase()}`).digest();

/**
 * A new captcha: its id and its image as a data URL. Only the answer's hash is kept. `answer` is for tests,
 * which cannot read the image.
 */
export async function issueCaptcha(
  q: Queryable,
  now: number,
  answer: string = randomCaptchaAnswer(),
): Promise<{ captchaId: string; image: string }> {
  const captchaId = randomBytes(16).toString('base64url');
  // Housekeeping on the way: expired captchas are of no use to anyone.
  await q.query('delete from captchas where expires_at < $1', [new Date(now - captchaValidMs)]);
  await q.query('insert into captchas (id, answer_hash, expires_at) values ($1, $2, $3)', [
    captchaId,
    hashAnswer(answer).toString('hex'),
    new Date(now + captchaValidMs),
  ]);
  const image = `data:image/svg+xml;base64,${Buffer.from(renderCaptchaSvg(answer)).toString('base64')}`;
  return { captchaId, image };
}

/**
 * Whether `answer` solves the captcha. Any try uses it up, right or wrong, so each image allows one guess;
 * an expired or unknown id is simply wrong.
 */
export async function solveCaptcha(
  q: Queryable,
  captchaId: string,
  answer: string,
  now: number,
): Promise<boolean> {
  const row = await one<{ answerHash: string }>(
    q,
    `update captchas set used_at = $2 where id = $1 and used_at is null and expires_at > $2
     returning answer_hash as "answerHash"`,
    [captchaId, new Date(now)],
  );
  if (!row) return false;
  return timingSafeEqual(hashAnswer(answer.trim()), Buffer.from(row.answerHash, 'hex'));
}
