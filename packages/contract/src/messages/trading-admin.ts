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
  'tradingSettings.leverageShare':
    "The leverage cap on shares is a whole number from 1 to {0}, ESMA's limit for retail clients.",
  'tradingSettings.leverageMajorIndex':
    "The leverage cap on major indices is a whole number from 1 to {0}, ESMA's limit for retail clients.",
  'tradingSettings.leverageOtherIndex':
    "The leverage cap on other indices is a whole number from 1 to {0}, ESMA's limit for retail clients.",
  'tradingSettings.leverageCrypto':
    "The leverage cap on crypto is a whole number from 1 to {0}, ESMA's limit for retail clients.",
  'tradingSettings.perpetualFee': 'The perpetual fee rate is a whole number of basis points from 0 to 1000.',
  'tradingSettings.perpetualMaintenance':
    'The maintenance margin is a whole number of basis points from 1 to {0}, so that an opening at the cap is not liquidated at once.',
  'tradingSettings.termAmountZero': 'The minimum option purchase and the minimum margin must be more than 0.',
  'tradingSettings.leverageWhole': 'A leverage cap is a whole number, such as 5 for 5:1.',
  'tradingSettings.basisPoints': 'A rate is a whole number of basis points, such as 5 for 0.05 %.',
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
  'tradingSettings.leverageShare':
    "La leva massima sulle azioni è un numero intero da 1 a {0}, il limite dell'ESMA per i clienti al dettaglio.",
  'tradingSettings.leverageMajorIndex':
    "La leva massima sugli indici principali è un numero intero da 1 a {0}, il limite dell'ESMA per i clienti al dettaglio.",
  'tradingSettings.leverageOtherIndex':
    "La leva massima sugli altri indici è un numero intero da 1 a {0}, il limite dell'ESMA per i clienti al dettaglio.",
  'tradingSettings.leverageCrypto':
    "La leva massima sulle cripto è un numero intero da 1 a {0}, il limite dell'ESMA per i clienti al dettaglio.",
  'tradingSettings.perpetualFee': 'La commissione dei perpetui è un numero intero di punti base da 0 a 1000.',
  'tradingSettings.perpetualMaintenance':
    "Il margine di mantenimento è un numero intero di punti base da 1 a {0}, perché un'apertura alla leva massima non sia liquidata subito.",
  'tradingSettings.termAmountZero':
    "L'acquisto minimo di opzioni e il margine minimo devono essere maggiori di 0.",
  'tradingSettings.leverageWhole': 'La leva massima è un numero intero, come 5 per 5:1.',
  'tradingSettings.basisPoints': 'Un tasso è un numero intero di punti base, come 5 per lo 0,05 %.',
};

export const tradingAdminMessages = { 'en-US': enUS, 'it-IT': itIT };
