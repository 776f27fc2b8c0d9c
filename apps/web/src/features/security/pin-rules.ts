import { checkPasswordsMatch, checkPin } from '@piazza/core/validation';

/**
 * What is wrong with a new 6-digit password and its confirmation before anything is sent, as the message
 * key the server would refuse with (SPEC.md §5): the format first, then the mismatch.
 */
export function newPinProblem(pin: string, confirmPin: string): 'pin.format' | 'password.mismatch' | null {
  return checkPin(pin) ?? checkPasswordsMatch(pin, confirmPin);
}

/** The minutes a lock has left, rounded up, as the server counts them in its refusal. */
export function lockMinutes(lockedSeconds: number): number {
  return Math.ceil(lockedSeconds / 60);
}
