/**
 * Which bank-account fields a payout to an account needs, by the country of its IBAN (decision 047). SPEC §3
 * lists every field any country might use (routing number, district, branch, PIX, tax id); an Italian
 * investor binding an Italian account should be asked for the holder and the IBAN, nothing else.
 *
 * - SEPA countries: a SEPA credit transfer needs the holder and the IBAN; the BIC has been optional since
 *   2016 and the bank's name is a help to the reader.
 * - Brazil (IBAN BR…): a SWIFT transfer needs the BIC, and a Brazilian bank the holder's CPF or CNPJ; a PIX key
 *   is an alternative the investor may add.
 * - Other countries with an IBAN: a SWIFT transfer, so the BIC and the bank's name; the bank's address helps.
 * - Countries without an IBAN (the United States' routing numbers, branch-and-district systems) are not
 *   offered: payouts leave by SEPA or SWIFT to an IBAN account.
 */

export type BankFieldName =
  | 'name'
  | 'iban'
  | 'bic'
  | 'bankName'
  | 'address'
  | 'routingNumber'
  | 'district'
  | 'branchName'
  | 'pixAccount'
  | 'taxId';

export interface BankFieldRule {
  name: BankFieldName;
  required: boolean;
}

/** The countries and territories of the SEPA scheme whose IBANs start with their own code. */
export const sepaCountries: ReadonlySet<string> = new Set([
  'AD',
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GI',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'SM',
  'VA',
  'AL',
  'MD',
  'ME',
  'MK',
]);

const field = (name: BankFieldName, required: boolean): BankFieldRule => ({ name, required });

/** The country of an IBAN as typed (spaces and case ignored), or null before two letters are there. */
export function ibanCountry(iban: string): string | null {
  const head = iban.replace(/\s+/g, '').slice(0, 2).toUpperCase();
  return /^[A-Z]{2}$/.test(head) ? head : null;
}

/** The fields to ask, in order, for an account in `country` (null: the IBAN is not typed yet). */
export function bankFieldsFor(country: string | null): readonly BankFieldRule[] {
  const base = [field('name', true), field('iban', true)];
  if (country === null) return base;
  if (sepaCountries.has(country)) return [...base, field('bic', false), field('bankName', false)];
  if (country === 'BR') {
    return [
      ...base,
      field('bic', true),
      field('taxId', true),
      field('pixAccount', false),
      field('bankName', false),
    ];
  }
  return [...base, field('bic', true), field('bankName', true), field('address', false)];
}

/** The first required field the account lacks, or null when it has every one its country needs. */
export function missingBankField(
  country: string | null,
  values: Partial<Record<BankFieldName, string | null | undefined>>,
): BankFieldName | null {
  const missing = bankFieldsFor(country).find((f) => f.required && !(values[f.name] ?? '').trim());
  return missing?.name ?? null;
}

/** Whether `name` belongs to an account of `country`: fields of other countries are not kept. */
export function bankFieldUsed(country: string | null, name: BankFieldName): boolean {
  return bankFieldsFor(country).some((f) => f.name === name);
}
