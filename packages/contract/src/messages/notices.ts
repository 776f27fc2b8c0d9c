/**
 * Refusals of the notices calls (calls/notices.ts), and the texts of the notices the platform writes to an
 * investor (kit/personal-notice.ts): `{key}.title` and `{key}.body`, rendered in the reader's language.
 */
const enUS = {
  'notices.title': 'Enter the title in both languages (at most 120 characters).',
  'notices.body': 'Enter the text in both languages (at most 5000 characters).',
  'notices.investor': 'Name the investor by their user id, a whole number from 1.',
  'notices.investorUnknown': 'No investor has the id {0}.',
  'notices.publishAt': 'Enter when the notice is published.',
  'notices.expireAt': 'The expiry must come after the publish time.',
  'notices.dialogPersonal': 'Only a notice for everyone can show as a dialog.',
  'notices.source': 'Choose the operators’ notices or the platform’s.',
  'notices.notFound': 'Notice not found.',
  'notices.notAuthored': 'The platform’s notices cannot be changed or withdrawn.',
  'notices.withdrawn': 'This notice has been withdrawn.',
  'notices.readNothing': 'Name the notice to mark read, or mark them all.',
  'notice.kyc.succ.title': 'Identity verified',
  'notice.kyc.succ.body': 'Your identity documents were approved: every service is open to you.',
  'notice.kyc.fail.title': 'Identity verification failed',
  'notice.kyc.fail.body': 'Your identity documents were not approved: {0}. You can submit them again.',
  'notice.deposit.credited.title': 'Deposit credited',
  'notice.deposit.credited.body': '{0} {1} were credited to your account.',
  'notice.withdrawal.paid.title': 'Withdrawal paid',
  'notice.withdrawal.paid.body': 'Your withdrawal of {0} {1} has been paid out.',
  'notice.order.buyFilled.title': 'Buy order filled',
  'notice.order.buyFilled.body': 'Your order to buy {0} was filled.',
  'notice.order.sellFilled.title': 'Sell order filled',
  'notice.order.sellFilled.body': 'Your order to sell {0} was filled.',
  'notice.order.stopTriggered.title': 'Stop order triggered',
  'notice.order.stopTriggered.body':
    'The last price of {0} reached your stop at {1}: the order went to the market.',
  'notice.order.stopNotFilled.title': 'Stop order not executed',
  'notice.order.stopNotFilled.body':
    'The last price of {0} reached your stop at {1}, but the order could not be executed (balance or market): it was cancelled and its funds released.',
  'notice.contract.closedOut.title': 'Position closed out',
  'notice.contract.closedOut.body':
    'Your contract on {0} was closed out because your account fell below half the margin required. Result: {1} {2}.',
  'notice.perpetual.liquidated.title': 'Position liquidated',
  'notice.perpetual.liquidated.body': 'Your perpetual contract on {0} was liquidated. Result: {1} USDT.',
  'notice.loan.approved.title': 'Loan approved',
  'notice.loan.approved.body': 'Your loan of {0} EUR was approved and credited to your account.',
  'notice.loan.rejected.title': 'Loan declined',
  'notice.loan.rejected.body': 'Your loan application was declined: {0}.',
  'notice.plan.executed.title': 'Savings plan executed',
  'notice.plan.executed.body': 'Your savings plan bought {0} {1} for {2} EUR, fees included.',
  'notice.plan.skippedCash.title': 'Savings plan not executed',
  'notice.plan.skippedCash.body':
    'Your savings plan on {0} could not buy on {1}: not enough cash for {2} EUR. It tries again on {3}.',
  'notice.plan.skippedClosed.title': 'Savings plan postponed',
  'notice.plan.skippedClosed.body':
    'Your savings plan on {0} could not buy on {1}: the market was closed. It tries again on {2}.',
  'notice.plan.skippedOther.title': 'Savings plan not executed',
  'notice.plan.skippedOther.body':
    'Your savings plan on {0} could not buy on {1}: the amount buys no unit at the price now. It tries again on {2}.',
  'notice.alert.above.title': 'Price alert: {0}',
  'notice.alert.above.body': '{0} is at {1}, at or above your alert price of {2}.',
  'notice.alert.below.title': 'Price alert: {0}',
  'notice.alert.below.body': '{0} is at {1}, at or below your alert price of {2}.',
  'notice.alert.moveUp.title': 'Price alert: {0}',
  'notice.alert.moveUp.body': '{0} is at {1}, up {2}% or more today.',
  'notice.alert.moveDown.title': 'Price alert: {0}',
  'notice.alert.moveDown.body': '{0} is at {1}, down {2}% or more today.',
  'notice.bond.coupon.title': 'Coupon paid',
  'notice.bond.coupon.body':
    'The coupon of your bond {1} was paid: {0} EUR net, {2} EUR of 12.5% tax withheld.',
  'notice.bond.redeemed.title': 'Bond redeemed',
  'notice.bond.redeemed.body': 'Your bond {1} matured: {0} EUR of nominal was repaid at par.',
};

const itIT: typeof enUS = {
  'notices.title': 'Inserisci il titolo in entrambe le lingue (al massimo 120 caratteri).',
  'notices.body': 'Inserisci il testo in entrambe le lingue (al massimo 5000 caratteri).',
  'notices.investor': "Indica l'investitore con il suo id utente, un numero intero da 1.",
  'notices.investorUnknown': "Nessun investitore ha l'id {0}.",
  'notices.publishAt': 'Indica quando pubblicare l’avviso.',
  'notices.expireAt': 'La scadenza deve seguire la data di pubblicazione.',
  'notices.dialogPersonal': 'Solo un avviso per tutti può apparire come finestra.',
  'notices.source': 'Scegli gli avvisi degli operatori o quelli della piattaforma.',
  'notices.notFound': 'Avviso non trovato.',
  'notices.notAuthored': 'Gli avvisi della piattaforma non si possono modificare né ritirare.',
  'notices.withdrawn': 'Questo avviso è stato ritirato.',
  'notices.readNothing': 'Indica l’avviso da segnare come letto, oppure segnali tutti.',
  'notice.kyc.succ.title': 'Identità verificata',
  'notice.kyc.succ.body':
    'I tuoi documenti d’identità sono stati approvati: tutti i servizi sono disponibili.',
  'notice.kyc.fail.title': 'Verifica dell’identità non riuscita',
  'notice.kyc.fail.body':
    'I tuoi documenti d’identità non sono stati approvati: {0}. Puoi inviarli di nuovo.',
  'notice.deposit.credited.title': 'Deposito accreditato',
  'notice.deposit.credited.body': 'Sul tuo conto sono stati accreditati {0} {1}.',
  'notice.withdrawal.paid.title': 'Prelievo pagato',
  'notice.withdrawal.paid.body': 'Il tuo prelievo di {0} {1} è stato pagato.',
  'notice.order.buyFilled.title': 'Ordine di acquisto eseguito',
  'notice.order.buyFilled.body': 'Il tuo ordine di acquisto di {0} è stato eseguito.',
  'notice.order.sellFilled.title': 'Ordine di vendita eseguito',
  'notice.order.sellFilled.body': 'Il tuo ordine di vendita di {0} è stato eseguito.',
  'notice.order.stopTriggered.title': 'Ordine stop attivato',
  'notice.order.stopTriggered.body':
    "L'ultimo prezzo di {0} ha raggiunto il tuo stop a {1}: l'ordine è andato al mercato.",
  'notice.order.stopNotFilled.title': 'Ordine stop non eseguito',
  'notice.order.stopNotFilled.body':
    "L'ultimo prezzo di {0} ha raggiunto il tuo stop a {1}, ma l'ordine non è stato eseguito (saldo o mercato): è stato annullato e i fondi sbloccati.",
  'notice.contract.closedOut.title': 'Posizione chiusa d’ufficio',
  'notice.contract.closedOut.body':
    'Il tuo contratto su {0} è stato chiuso d’ufficio perché il conto è sceso sotto la metà del margine richiesto. Risultato: {1} {2}.',
  'notice.perpetual.liquidated.title': 'Posizione liquidata',
  'notice.perpetual.liquidated.body':
    'Il tuo contratto perpetuo su {0} è stato liquidato. Risultato: {1} USDT.',
  'notice.loan.approved.title': 'Prestito approvato',
  'notice.loan.approved.body': 'Il tuo prestito di {0} EUR è stato approvato e accreditato sul conto.',
  'notice.loan.rejected.title': 'Prestito rifiutato',
  'notice.loan.rejected.body': 'La tua richiesta di prestito è stata rifiutata: {0}.',
  'notice.plan.executed.title': 'Piano di accumulo eseguito',
  'notice.plan.executed.body':
    'Il tuo piano di accumulo ha acquistato {0} {1} per {2} EUR, commissioni incluse.',
  'notice.plan.skippedCash.title': 'Piano di accumulo non eseguito',
  'notice.plan.skippedCash.body':
    'Il tuo piano di accumulo su {0} non ha potuto acquistare il {1}: liquidità insufficiente per {2} EUR. Riprova il {3}.',
  'notice.plan.skippedClosed.title': 'Piano di accumulo rinviato',
  'notice.plan.skippedClosed.body':
    'Il tuo piano di accumulo su {0} non ha potuto acquistare il {1}: il mercato era chiuso. Riprova il {2}.',
  'notice.plan.skippedOther.title': 'Piano di accumulo non eseguito',
  'notice.plan.skippedOther.body':
    'Il tuo piano di accumulo su {0} non ha potuto acquistare il {1}: l’importo non compra alcuna quota al prezzo attuale. Riprova il {2}.',
  'notice.alert.above.title': 'Avviso di prezzo: {0}',
  'notice.alert.above.body': '{0} è a {1}, pari o sopra il tuo prezzo di avviso di {2}.',
  'notice.alert.below.title': 'Avviso di prezzo: {0}',
  'notice.alert.below.body': '{0} è a {1}, pari o sotto il tuo prezzo di avviso di {2}.',
  'notice.alert.moveUp.title': 'Avviso di prezzo: {0}',
  'notice.alert.moveUp.body': '{0} è a {1}, in rialzo del {2}% o più oggi.',
  'notice.alert.moveDown.title': 'Avviso di prezzo: {0}',
  'notice.alert.moveDown.body': '{0} è a {1}, in ribasso del {2}% o più oggi.',
  'notice.bond.coupon.title': 'Cedola pagata',
  'notice.bond.coupon.body':
    'È stata pagata la cedola del tuo titolo {1}: {0} EUR netti, {2} EUR di ritenuta del 12,5%.',
  'notice.bond.redeemed.title': 'Titolo rimborsato',
  'notice.bond.redeemed.body': 'Il tuo titolo {1} è scaduto: {0} EUR di nominale rimborsati alla pari.',
};

export const noticesMessages = { 'en-US': enUS, 'it-IT': itIT };
