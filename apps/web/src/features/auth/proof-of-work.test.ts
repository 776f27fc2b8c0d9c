import { sha256Hex } from '@piazza/core/sha256';
import { describe, expect, it } from 'vitest';
import { solveChallenge } from './proof-of-work';

describe('solveChallenge', () => {
  it('finds the number whose hash with the salt is the challenge', async () => {
    const salt = '0a1b2c3d4e5f60718293a4b5&';
    const captchaId = sha256Hex(`${salt}4321`);
    expect(await solveChallenge({ captchaId, salt, maxNumber: 10_000 })).toBe('4321');
  });

  it('answers null for a challenge no number up to the maximum solves, and stops when aborted', async () => {
    expect(await solveChallenge({ captchaId: 'f'.repeat(64), salt: 'x&', maxNumber: 3_000 })).toBeNull();
    const controller = new AbortController();
    controller.abort();
    const salt = 'y&';
    expect(
      await solveChallenge({ captchaId: sha256Hex(`${salt}9`), salt, maxNumber: 10 }, controller.signal),
    ).toBeNull();
  });
});
