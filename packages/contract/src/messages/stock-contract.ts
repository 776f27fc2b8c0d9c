/**
 * Refusals of leveraged stock contracts (calls/stock-contract.ts). The ticket rules shared with spot orders
 * (market closed, quantity, lot, leverage cap, transaction password) keep their trading.ts keys.
 */
const enUS = {
  'stockContract.side': 'Choose long or short.',
  'stockContract.sizeOne': 'Give either a quantity or a margin, not both.',
  'stockContract.marginZero': 'The margin must be more than 0.',
  'stockContract.marginDecimals': 'An amount has at most {0} decimals.',
  'stockContract.priceDecimals': 'A price has at most {0} decimals.',
  'stockContract.amountZero': 'The amount must be more than 0.',
  'stockContract.notTradable': 'Leveraged contracts are not available on {0}.',
  'stockContract.marginTooSmall': 'This margin does not open one lot: at least {0} is needed.',
  'stockContract.marginInsufficient':
    'Not enough free margin in the contract account: {0} needed, {1} available.',
  'stockContract.takeProfitSide':
    'The take profit must be above the current price for a long, below it for a short.',
  'stockContract.stopLossSide':
    'The stop loss must be below the current price for a long, above it for a short.',
  'stockContract.marginInUse':
    'Your open contracts hold this margin: at most {0} can be moved out of the contract account.',
  'stockContract.notFound': 'Position not found.',
  'stockContract.notOpen': 'This position is already closed.',
  'stockContract.profileMissing':
    'Complete the appropriateness questionnaire before trading leveraged contracts.',
  'stockContract.notAppropriate':
    'According to your questionnaire, leveraged contracts are not appropriate for you.',
  'stockContract.acknowledgeRisk':
    'Leveraged contracts may not be appropriate for you: confirm you have read the warning to go on.',
} as const;

const itIT: Record<keyof typeof enUS, string> = {
  'stockContract.side': 'Scegli long o short.',
  'stockContract.sizeOne': 'Indica la quantità oppure il margine, non entrambi.',
  'stockContract.marginZero': 'Il margine deve essere maggiore di 0.',
  'stockContract.marginDecimals': 'Un importo ha al massimo {0} decimali.',
  'stockContract.priceDecimals': 'Un prezzo ha al massimo {0} decimali.',
  'stockContract.amountZero': "L'importo deve essere maggiore di 0.",
  'stockContract.notTradable': 'I contratti con leva non sono disponibili su {0}.',
  'stockContract.marginTooSmall': 'Questo margine non apre un lotto: servono almeno {0}.',
  'stockContract.marginInsufficient':
    'Margine libero insufficiente nel conto contratti: servono {0}, disponibili {1}.',
  'stockContract.takeProfitSide':
    'Il take profit deve essere sopra il prezzo attuale per un long, sotto per uno short.',
  'stockContract.stopLossSide':
    'Lo stop loss deve essere sotto il prezzo attuale per un long, sopra per uno short.',
  'stockContract.marginInUse':
    'Le posizioni aperte impegnano questo margine: dal conto contratti puoi trasferire al massimo {0}.',
  'stockContract.notFound': 'Posizione non trovata.',
  'stockContract.notOpen': 'Questa posizione è già chiusa.',
  'stockContract.profileMissing':
    'Completa il questionario di adeguatezza prima di negoziare contratti con leva.',
  'stockContract.notAppropriate':
    'In base al tuo questionario, i contratti con leva non sono adeguati per te.',
  'stockContract.acknowledgeRisk':
    'I contratti con leva potrebbero non essere adeguati per te: conferma di aver letto l’avvertenza per proseguire.',
};

export const stockContractMessages = { 'en-US': enUS, 'it-IT': itIT };
