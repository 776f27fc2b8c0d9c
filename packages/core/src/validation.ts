import { type AreaCode, findAreaCode } from './area-codes';

/*
 * SPEC.md §5 rules that both the apps and the server apply. Each check answers null when the value passes,
 * or the name of the rule it breaks; the name is a message key in both catalogues.
 */

export type PasswordFailure = 'password.length' | 'password.mismatch';
export type PinFailure = 'pin.format';
export type AccountFailure = 'phone.format' | 'email.format';
export type ValidationFailure = PasswordFailure | PinFailure | AccountFailure;

export const loginPasswordLengthMin = 6;
export const loginPasswordLengthMax = 20;

/** A login password has 6 to 20 characters (SPEC.md §5), counted as a person counts them. */
export function checkLoginPassword(password: string): 'password.length' | null {
  // Code points, not UTF-16 units: an emoji or an accented letter typed as one character counts as one.
  const length = [...password].length;
  return length >= loginPasswordLengthMin && length <= loginPasswordLengthMax ? null : 'password.length';
}

/** The confirmation repeats the password exactly. */
export function checkPasswordsMatch(password: string, confirmation: string): 'password.mismatch' | null {
  return password === confirmation ? null : 'password.mismatch';
}

/** A transaction or withdrawal password is exactly 6 digits (SPEC.md §5). */
export function checkPin(pin: string): 'pin.format' | null {
  return /^[0-9]{6}$/.test(pin) ? null : 'pin.format';
}

/** The form an email address is stored and compared in: trimmed, lower-cased. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

// A practical check, not RFC 5322: the dot-atom local parts real mailboxes use, and a domain of DNS labels
// ending in an alphabetic or punycode top-level domain. Quoted local parts and IP literals are refused.
const atom = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const emailPattern = new RegExp(
  `^${atom}(?:\\.${atom})*@(?:${label}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`,
);

/** An email address that mail can be delivered to, judged after normalising. */
export function checkEmail(raw: string): 'email.format' | null {
  const email = normaliseEmail(raw);
  const local = email.slice(0, email.lastIndexOf('@'));
  if (email.length > 254 || local.length > 64) return 'email.format';
  return emailPattern.test(email) ? null : 'email.format';
}

/**
 * The E.164 form of a phone number ('+393331234567'), or null when it is not a valid number for the area
 * code. People type separators and sometimes the international prefix: spaces, dots, dashes, slashes and
 * brackets are ignored, and a leading '+' or '00' prefix of a country we offer wins over the chosen one.
 */
export function normalisePhone(raw: string, areaCode: string): string | null {
  return readPhone(raw, areaCode)?.account ?? null;
}

/** A phone number valid for the area code (see normalisePhone). */
export function checkPhone(raw: string, areaCode: string): 'phone.format' | null {
  return normalisePhone(raw, areaCode) === null ? 'phone.format' : null;
}

export type AccountKind =
  | { type: 'email'; account: string }
  /** areaCode is the dialling code the number was read with ('+41' when '+41 …' was typed under +39). */
  | { type: 'phone'; account: string; areaCode: string }
  | { type: 'invalid'; failure: AccountFailure };

/**
 * What a register or login "account" field holds: an email address (anything with '@' or a letter) or a
 * phone number for the area code. The account is the normalised form stored in the database.
 */
export function classifyAccount(raw: string, areaCode: string): AccountKind {
  if (/[@\p{L}]/u.test(raw)) {
    return checkEmail(raw) === null
      ? { type: 'email', account: normaliseEmail(raw) }
      : { type: 'invalid', failure: 'email.format' };
  }
  const phone = readPhone(raw, areaCode);
  return phone ? { type: 'phone', ...phone } : { type: 'invalid', failure: 'phone.format' };
}

function readPhone(raw: string, areaCode: string): { account: string; areaCode: string } | null {
  let digits = raw.trim().replace(/[\s.\-/()]/g, '');
  let country = findAreaCode(areaCode);
  const international = /^(\+|00)(\d+)$/.exec(digits);
  if (international) {
    const number = international[2]!;
    country = findAreaCodeOf(number);
    if (!country) return null;
    digits = number.slice(country.dial.length - 1);
  }
  if (!country || !/^\d+$/.test(digits)) return null;
  const national = nationalNumber(digits, country);
  return national === null ? null : { account: country.dial + national, areaCode: country.dial };
}

// Dialling codes are prefix-free (E.164), so at most one of ours starts a number.
function findAreaCodeOf(number: string): AreaCode | undefined {
  for (let length = 1; length <= 3; length++) {
    const found = findAreaCode(number.slice(0, length));
    if (found) return found;
  }
  return undefined;
}

function nationalNumber(digits: string, country: AreaCode): string | null {
  if (country.iso === 'IT') {
    // Italian numbers keep their leading 0 in E.164; mobiles start with 3, landlines with 0.
    return /^(?:3\d{8,9}|0\d{5,10})$/.test(digits) ? digits : null;
  }
  // Elsewhere a leading 0 is the trunk prefix dialled at home and dropped after the country code.
  const national = digits.replace(/^0/, '');
  if (!/^[1-9]\d{3,13}$/.test(national)) return null;
  return country.dial.length - 1 + national.length <= 15 ? national : null;
}
