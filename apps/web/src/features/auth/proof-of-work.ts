import { sha256Hex } from '@piazza/core/sha256';

/*
 * The browser's half of the login captcha (decision 028): find the number n ≤ maxNumber whose SHA-256 of
 * salt + n is the challenge. About 50 000 hashes on average; the search yields to the page every few
 * thousand so the screen stays responsive. This module is loaded only when the server asks for a captcha.
 */

export interface PowChallenge {
  captchaId: string;
  salt: string;
  maxNumber: number;
}

const batch = 2_000;

/** The number that solves the challenge, as the login call sends it; null when none does (a bad challenge). */
export async function solveChallenge(challenge: PowChallenge, signal?: AbortSignal): Promise<string | null> {
  for (let start = 0; start <= challenge.maxNumber; start += batch) {
    if (signal?.aborted) return null;
    const end = Math.min(challenge.maxNumber, start + batch - 1);
    for (let n = start; n <= end; n++) {
      if (sha256Hex(challenge.salt + n) === challenge.captchaId) return String(n);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}
