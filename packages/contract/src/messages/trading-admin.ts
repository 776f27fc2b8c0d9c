/** Refusals of the back office's trading settings (calls/trading-admin.ts). */
const enUS = {
  'tradingSettings.market': 'Choose a market: XMIL, XNYS or CRYPTO.',
  'tradingSettings.rate': 'The fee rate is a whole number of basis points from 0 to 10000.',
  'tradingSettings.amount': 'Amounts are plain decimals such as 2.95, with at most 8 decimals.',
  'tradingSettings.quantity': 'Quantities are plain decimals such as 100, with at most 8 decimals.',
  'tradingSettings.currencyDecimals': 'An amount in {0} has at most {1} decimals.',
  'tradingSettings.quantityDecimals': 'A quantity in this market has at most {0} decimals.',
  'tradingSettings.boundZero': 'A minimum or maximum must be more than 0; leave it empty for none.',
  'tradingSettings.feeRange': 'The maximum fee cannot be below the minimum fee.',
  'tradingSettings.buyQuantityRange': 'The maximum purchase quantity cannot be below the minimum.',
  'tradingSettings.sellQuantityRange': 'The maximum sell quantity cannot be below the minimum.',
  'tradingSettings.amountRange': 'The maximum purchase amount cannot be below the minimum.',
  'tradingSettings.settlementDays': 'Settlement is 0 to 10 business days after the trade.',
  'tradingSettings.cryptoSettlement': 'Coins are delivered at once: crypto settlement is 0 days.',
} as const;

const itIT: Record<keyof typeof enUS, string> = {
  'tradingSettings.market': 'Scegli un mercato: XMIL, XNYS o CRYPTO.',
  'tradingSettings.rate': 'La commissione percentuale è un numero intero di punti base da 0 a 10000.',
  'tradingSettings.amount': 'Gli importi sono numeri decimali come 2,95, con al massimo 8 decimali.',
  'tradingSettings.quantity': 'Le quantità sono numeri decimali come 100, con al massimo 8 decimali.',
  'tradingSettings.currencyDecimals': 'Un importo in {0} ha al massimo {1} decimali.',
  'tradingSettings.quantityDecimals': 'Una quantità in questo mercato ha al massimo {0} decimali.',
  'tradingSettings.boundZero':
    'Un minimo o un massimo deve essere maggiore di 0; lascialo vuoto per nessun limite.',
  'tradingSettings.feeRange': 'La commissione massima non può essere inferiore alla minima.',
  'tradingSettings.buyQuantityRange': "La quantità massima d'acquisto non può essere inferiore alla minima.",
  'tradingSettings.sellQuantityRange': 'La quantità massima di vendita non può essere inferiore alla minima.',
  'tradingSettings.amountRange': "L'importo massimo d'acquisto non può essere inferiore al minimo.",
  'tradingSettings.settlementDays': "Il regolamento avviene da 0 a 10 giorni lavorativi dopo l'esecuzione.",
  'tradingSettings.cryptoSettlement': 'Le cripto sono consegnate subito: il regolamento è a 0 giorni.',
};

export const tradingAdminMessages = { 'en-US': enUS, 'it-IT': itIT };
