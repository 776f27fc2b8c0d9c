/**
 * Whether what is typed in an account field is meant as a phone number: digits and phone punctuation only.
 * The login page shows the area-code picker for those (core's classifyAccount makes the same split).
 */
export function looksLikePhone(account: string): boolean {
  return /^[\d\s+().\-/]+$/.test(account.trim());
}
