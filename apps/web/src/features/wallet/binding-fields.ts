import type { bankAdd } from '@piazza/contract/calls/funding';
import type { CallParams } from '@piazza/contract/define';

type BindingInput = CallParams<typeof bankAdd>;

/** The bank-account fields of SPEC §3 in the order the form asks them, as named on the wire. */
export const bankFieldNames = [
  'name',
  'iban',
  'bic',
  'bankName',
  'address',
  'routingNumber',
  'district',
  'branchName',
  'pixAccount',
  'taxId',
] as const satisfies readonly (keyof BindingInput)[];
export type BankFieldName = (typeof bankFieldNames)[number];

/** Required when the server's template cannot be read: the holder and the IBAN, which every payout needs. */
export const bankFieldsRequiredByDefault: readonly BankFieldName[] = ['name', 'iban'];

/** The wallet fields of SPEC §3: the type (from the template), the beneficiary and the mobile number. */
export const walletFieldNames = [
  'walletType',
  'name',
  'mobile',
] as const satisfies readonly (keyof BindingInput)[];
