import { areaCodes, defaultAreaCode } from '@piazza/core/area-codes';
import { classifyAccount } from '@piazza/core/validation';
import { Refusal } from '../../platform/refusal';

export interface Account {
  type: 'phone' | 'email';
  /** The stored form: '+393331234567' or a lower-cased email. */
  account: string;
  /** The dialling code of a phone account ('+39'); null for an email. */
  areaCode: string | null;
}

/**
 * What a person typed as their account, in the one form it is stored, looked up and sent to in: a phone
 * number with its area code (+39 when none is given), or an email lower-cased. Refuses a malformed one
 * with the rule it breaks ('phone.format' or 'email.format').
 */
export function accountOf(raw: string, areaCode: string = defaultAreaCode.dial): Account {
  const kind = classifyAccount(raw, areaCode);
  if (kind.type === 'invalid') throw new Refusal(kind.failure);
  if (kind.type === 'email') return { type: 'email', account: kind.account, areaCode: null };
  // Dialling codes are prefix-free, so exactly one of ours starts the number.
  const dial = areaCodes.find((a) => kind.account.startsWith(a.dial))?.dial ?? null;
  return { type: 'phone', account: kind.account, areaCode: dial };
}
