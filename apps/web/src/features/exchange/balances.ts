import type { userAssets } from '@piazza/contract/calls/assets';
import type { CallOutput } from '@piazza/contract/define';
import type { UserAccountPurpose } from '@piazza/contract/enums';

type Overview = CallOutput<typeof userAssets>;

/** Decimals an asset's amounts take when the user holds none of it yet: the most the wire accepts. */
const scaleUnknown = 8;

/** The balance of one account as the wire gives it ('0' when the account was never used), with its scale. */
export function accountBalance(
  overview: Overview | undefined,
  purpose: UserAccountPurpose,
  asset: string,
): { balance: string; scale: number } {
  const account = overview?.accounts.find((a) => a.purpose === purpose && a.asset === asset);
  if (account) return { balance: account.balance, scale: account.scale };
  const sameAsset = overview?.accounts.find((a) => a.asset === asset);
  return { balance: '0', scale: sameAsset?.scale ?? scaleUnknown };
}
