/** Refusals and texts of the VIP calls (calls/vip.ts, calls/vip-admin.ts). */
const enUS = {
  'vip.noTrial': 'No free trial is offered at the moment.',
  'vip.trialUsed': 'The free trial can be claimed once, and yours has been claimed.',
  'vip.alreadyMember': 'You are already a VIP member until {0}.',
  'vip.planNotFound': 'This plan is not on sale.',
  'vip.balance': 'Account must suffice for {0} {1}.',
  'vip.notMember': 'VIP content is for VIP members: claim the trial or buy a plan.',
  'vip.expired': 'VIP service expired so purchase needed.',
  'vip.strategyOff': 'The VIP stock strategy service is not enabled for you: ask customer service.',
  'vip.planDays': 'A plan lasts a whole number of days from 1 to 3650.',
  'vip.planPrice': 'Enter the price with at most 2 decimals, above zero.',
  'vip.planCurrency': 'A plan is priced in EUR or USD.',
  'vip.trialDays': 'The trial lasts a whole number of days from 0 to 90.',
  'vip.noteKind': 'Choose the kind of note: IPO, short-term trade or block trade.',
  'vip.noteTitle': 'Enter the title (at most 120 characters).',
  'vip.noteBody': 'Enter the text of the note.',
  'vip.noteAuthor': 'Name the author of the note (at most 120 characters).',
  'vip.noteNotFound': 'Note not found.',
  'vip.disclaimer':
    'Marketing communication and general research, not personal advice: it does not take your situation into account, and it was not prepared under the rules that promote the independence of investment research. Its author and date are stated; past performance is no guide to the future; you may lose what you invest.',
};

const itIT: typeof enUS = {
  'vip.noTrial': 'Al momento non è offerta una prova gratuita.',
  'vip.trialUsed': 'La prova gratuita si può richiedere una volta sola, e la tua è già stata richiesta.',
  'vip.alreadyMember': 'Sei già membro VIP fino al {0}.',
  'vip.planNotFound': 'Questo piano non è in vendita.',
  'vip.balance': 'Il saldo deve coprire {0} {1}.',
  'vip.notMember': 'I contenuti VIP sono per i membri VIP: richiedi la prova o acquista un piano.',
  'vip.expired': 'Il servizio VIP è scaduto: è necessario acquistarlo.',
  'vip.strategyOff':
    "Il servizio VIP di strategia azionaria non è attivo per te: chiedi all'assistenza clienti.",
  'vip.planDays': 'Un piano dura un numero intero di giorni da 1 a 3650.',
  'vip.planPrice': 'Inserisci il prezzo maggiore di zero, con al massimo 2 decimali.',
  'vip.planCurrency': 'Un piano ha prezzo in EUR o USD.',
  'vip.trialDays': 'La prova dura un numero intero di giorni da 0 a 90.',
  'vip.noteKind': 'Scegli il tipo di nota: IPO, operazione di breve periodo o blocco.',
  'vip.noteTitle': 'Inserisci il titolo (al massimo 120 caratteri).',
  'vip.noteBody': 'Inserisci il testo della nota.',
  'vip.noteAuthor': "Indica l'autore della nota (al massimo 120 caratteri).",
  'vip.noteNotFound': 'Nota non trovata.',
  'vip.disclaimer':
    'Comunicazione di marketing e ricerca generica, non consulenza personalizzata: non tiene conto della tua situazione e non è stata preparata secondo le norme che promuovono l’indipendenza della ricerca in materia di investimenti. Autore e data sono indicati; i rendimenti passati non sono indicativi di quelli futuri; puoi perdere quanto investi.',
};

export const vipMessages = { 'en-US': enUS, 'it-IT': itIT };
