import type { fundsItIT } from './funds-it-IT';

/** Texts of the money screens in English: exactly the keys of the Italian part. */
export const fundsEnUS: Record<keyof typeof fundsItIT, string> = {
  'assets.entries': 'Move money',
  'assets.entry.deposit': 'Deposit',
  'assets.entry.withdraw': 'Withdraw',
  'assets.entry.exchange': 'Exchange',
  'assets.entry.transfer': 'Transfer',
  'assets.entry.bills': 'Funds detail',
};
