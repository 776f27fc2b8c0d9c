/** Texts of the money screens in Italian: assets entries, binding (wallet), exchange and transfers, bills. */
export const fundsItIT = {
  'assets.entries': 'Movimenta il denaro',
  'assets.entry.deposit': 'Deposita',
  'assets.entry.withdraw': 'Preleva',
  'assets.entry.exchange': 'Cambio',
  'assets.entry.transfer': 'Trasferisci',
  'assets.entry.bills': 'Movimenti',
} as const;
