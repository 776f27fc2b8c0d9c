/**
 * Refusals of order tickets: the failure keys of packages/core/src/trading/order-rules.ts, in their order of
 * precedence there, and of leverage.ts. `{0}` is the rule's bound as the server formats it (a quantity, a tick, an amount).
 */
const enUS = {
  'order.side': 'Choose buy or sell.',
  'order.type': 'The order type must be market or limit.',
  'order.notListed': 'This stock is not listed and cannot be traded.',
  'order.marketClosed': 'Market closed.',
  'order.quantityZero': 'The quantity must be more than 0.',
  'order.quantityLot': 'The quantity must be a multiple of the minimum lot of {0}.',
  'order.availableZero': 'The available quantity is 0.',
  'order.quantityAvailable': 'Not enough quantity: {0} available.',
  'order.quantityMin': 'The minimum quantity per order is {0}.',
  'order.quantityMax': 'The maximum quantity per order is {0}.',
  'order.limitPriceZero': 'The limit price cannot be 0.',
  'order.limitPriceTick': 'The limit price must be a multiple of the tick, {0}.',
  'order.amountZero': 'The order amount cannot be 0.',
  'order.amountMin': 'The minimum purchase amount is {0}.',
  'order.amountMax': 'The maximum purchase amount is {0}.',
  'order.triggerPriceZero': 'Take-profit and stop-loss prices must be more than 0.',
  'order.takeProfitSide': 'The take profit must be above the price for a buy, below it for a sell.',
  'order.stopLossSide': 'The stop loss must be below the price for a buy, above it for a sell.',
  'trade.pin.format': 'The transaction password is 6 digits.',
  'trade.pin.required': 'Enter your transaction password.',
  'order.notFound': 'Order not found.',
  'order.notCancellable': 'Only an open or partially filled order can be cancelled.',
  'order.noLiquidity': 'No one is selling or buying at the moment: the order was not placed.',
  'order.unknownSymbol': 'Unknown stock: {0}.',
  'leverage.invalid': 'Leverage must be a whole number of at least 1.',
  'leverage.aboveMax': 'Leverage cannot exceed {0}:1.',
} as const;

const itIT: Record<keyof typeof enUS, string> = {
  'order.side': 'Scegli acquisto o vendita.',
  'order.type': 'Il tipo di ordine deve essere a mercato o limite.',
  'order.notListed': 'Titolo non quotato: non è negoziabile.',
  'order.marketClosed': 'Mercato chiuso.',
  'order.quantityZero': 'La quantità deve essere maggiore di 0.',
  'order.quantityLot': 'La quantità deve essere un multiplo del lotto minimo di {0}.',
  'order.availableZero': 'La quantità disponibile è 0.',
  'order.quantityAvailable': 'Quantità insufficiente: disponibili {0}.',
  'order.quantityMin': 'Quantità minima per ordine: {0}.',
  'order.quantityMax': 'Quantità massima per ordine: {0}.',
  'order.limitPriceZero': 'Il prezzo limite non può essere 0.',
  'order.limitPriceTick': 'Il prezzo limite deve essere un multiplo del tick di {0}.',
  'order.amountZero': "L'importo dell'ordine non può essere 0.",
  'order.amountMin': 'Importo minimo di acquisto: {0}.',
  'order.amountMax': 'Importo massimo di acquisto: {0}.',
  'order.triggerPriceZero': 'I prezzi di take profit e stop loss devono essere maggiori di 0.',
  'order.takeProfitSide':
    'Il take profit deve essere sopra il prezzo per un acquisto, sotto per una vendita.',
  'order.stopLossSide': 'Lo stop loss deve essere sotto il prezzo per un acquisto, sopra per una vendita.',
  'trade.pin.format': 'La password di transazione è di 6 cifre.',
  'trade.pin.required': 'Inserisci la password di transazione.',
  'order.notFound': 'Ordine non trovato.',
  'order.notCancellable': 'Si può annullare solo un ordine aperto o eseguito in parte.',
  'order.noLiquidity': "Al momento nessuno vende o compra: l'ordine non è stato inserito.",
  'order.unknownSymbol': 'Titolo sconosciuto: {0}.',
  'leverage.invalid': 'La leva deve essere un numero intero pari almeno a 1.',
  'leverage.aboveMax': 'La leva non può superare {0}:1.',
};

export const tradingMessages = { 'en-US': enUS, 'it-IT': itIT };
