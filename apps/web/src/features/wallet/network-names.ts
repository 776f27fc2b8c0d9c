import type { CryptoNetwork } from '@piazza/contract/enums';

/** How each network is written for people: the token standards with their hyphen, as wallets show them. */
export const networkNames: Record<CryptoNetwork, string> = {
  BTC: 'BTC',
  ERC20: 'ERC-20',
  TRC20: 'TRC-20',
};
