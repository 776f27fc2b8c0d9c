/**
 * Refusals of the perpetual contract calls (calls/coin-contract.ts). `{0}` is the bound as the server formats
 * it. Leverage refusals are the trading catalogue's `leverage.invalid` and `leverage.aboveMax`.
 */
const enUS = {
  'coinContract.unknownSymbol': 'No perpetual contract on {0}.',
  'coinContract.side': 'Choose long or short.',
  'coinContract.type': 'A contract opens at market or at a limit.',
  'coinContract.limitPrice': 'The limit price must be more than 0, on the price tick of {0}.',
  'coinContract.limitSide':
    'A long limit must be below the last price, a short limit above it: to open now, choose market.',
  'coinContract.notFilled': 'This limit order has not opened a position yet.',
  'coinContract.marginFormat': 'The margin is an amount in USDT with at most 6 decimals.',
  'coinContract.marginMin': 'The minimum margin is {0} USDT.',
  'coinContract.marginLot': 'At this leverage the margin does not open the smallest position, {0}.',
  'coinContract.balance': 'Not enough USDT in the contract account: {0} available, margin and fee need {1}.',
  'coinContract.triggerPrice':
    'Take-profit and stop-loss prices must be more than 0, on the price tick of {0}.',
  'coinContract.takeProfitSide':
    'The take profit must be above the last price (a limit order: its limit) for a long, below it for a short.',
  'coinContract.stopLossSide':
    'The stop loss must be below the last price (a limit order: its limit) for a long, above it for a short.',
  'coinContract.appropriatenessMissing':
    'Complete the appropriateness questionnaire before trading leveraged contracts.',
  'coinContract.appropriatenessRefused':
    'From your appropriateness answers, leveraged contracts are not appropriate for you.',
  'coinContract.riskAcknowledgement':
    'Leveraged contracts may not be appropriate for you: read the warning and confirm that you accept the risk.',
  'coinContract.notFound': 'Position not found.',
  'coinContract.notOpen': 'This position is already closed.',
  'coinContract.noLiquidity': 'No one is trading this coin at the moment: nothing was done.',
  'coinContract.amountFormat': 'The amount is in USDT with at most 6 decimals.',
  'coinContract.amountZero': 'The margin to add must be more than 0.',
} as const;

const itIT: Record<keyof typeof enUS, string> = {
  'coinContract.unknownSymbol': 'Nessun contratto perpetuo su {0}.',
  'coinContract.side': 'Scegli long o short.',
  'coinContract.type': 'Un contratto si apre a mercato o a un prezzo limite.',
  'coinContract.limitPrice': 'Il prezzo limite deve essere maggiore di 0, sul tick di prezzo di {0}.',
  'coinContract.limitSide':
    "Un limite long deve essere sotto l'ultimo prezzo, uno short sopra: per aprire subito, scegli a mercato.",
  'coinContract.notFilled': 'Questo ordine limite non ha ancora aperto una posizione.',
  'coinContract.marginFormat': 'Il margine è un importo in USDT con al massimo 6 decimali.',
  'coinContract.marginMin': 'Il margine minimo è di {0} USDT.',
  'coinContract.marginLot': 'Con questa leva il margine non apre la posizione minima, {0}.',
  'coinContract.balance':
    'USDT insufficienti nel conto contratti: disponibili {0}, margine e commissione richiedono {1}.',
  'coinContract.triggerPrice':
    'I prezzi di take profit e stop loss devono essere maggiori di 0, sul tick di prezzo di {0}.',
  'coinContract.takeProfitSide':
    "Il take profit deve essere sopra l'ultimo prezzo (per un ordine limite: il suo limite) per un long, sotto per uno short.",
  'coinContract.stopLossSide':
    "Lo stop loss deve essere sotto l'ultimo prezzo (per un ordine limite: il suo limite) per un long, sopra per uno short.",
  'coinContract.appropriatenessMissing':
    'Completa il questionario di adeguatezza prima di negoziare contratti con leva.',
  'coinContract.appropriatenessRefused':
    'In base alle tue risposte di adeguatezza, i contratti con leva non sono adatti a te.',
  'coinContract.riskAcknowledgement':
    "I contratti con leva potrebbero non essere adatti a te: leggi l'avvertenza e conferma di accettarne il rischio.",
  'coinContract.notFound': 'Posizione non trovata.',
  'coinContract.notOpen': 'Questa posizione è già chiusa.',
  'coinContract.noLiquidity': 'Al momento nessuno negozia questa moneta: non è stato fatto nulla.',
  'coinContract.amountFormat': "L'importo è in USDT con al massimo 6 decimali.",
  'coinContract.amountZero': 'Il margine da aggiungere deve essere maggiore di 0.',
};

export const coinContractMessages = { 'en-US': enUS, 'it-IT': itIT };
