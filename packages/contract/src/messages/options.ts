/** Refusals of the option calls (calls/options.ts); market closed, balance and password use the shared keys. */
const enUS = {
  'option.unknownUnderlying': 'No options are listed on {0}.',
  'option.right': 'Choose a call or a put.',
  'option.expiry': 'Choose an expiry from the list.',
  'option.unknownExpiry': 'There is no {0} expiry on that date.',
  'option.expired': 'This option has expired.',
  'option.strike': 'Choose a strike from the list.',
  'option.unknownStrike': 'There is no strike {0} for this expiry.',
  'option.contracts': 'The number of contracts must be a whole number of at least 1.',
  'option.contractsMax': 'At most {0} contracts per order.',
  'option.amountMin': 'The minimum options purchase amount is {0}.',
  'option.profileRequired': 'Complete the appropriateness questionnaire before trading options.',
  'option.notAppropriate':
    'Options are not appropriate for your experience and risk profile, so they cannot be bought.',
  'option.riskAck': 'Options carry a risk your profile does not fit well: read the warning and confirm it.',
  'option.notFound': 'Option not found.',
  'option.notHolding': 'This option is no longer held.',
} as const;

const itIT: Record<keyof typeof enUS, string> = {
  'option.unknownUnderlying': 'Non ci sono opzioni su {0}.',
  'option.right': 'Scegli una call o una put.',
  'option.expiry': "Scegli una scadenza dall'elenco.",
  'option.unknownExpiry': 'Non esiste una scadenza {0} in quella data.',
  'option.expired': "L'opzione è scaduta.",
  'option.strike': "Scegli uno strike dall'elenco.",
  'option.unknownStrike': 'Non esiste lo strike {0} per questa scadenza.',
  'option.contracts': 'Il numero di contratti deve essere un intero pari almeno a 1.',
  'option.contractsMax': 'Al massimo {0} contratti per ordine.',
  'option.amountMin': 'Importo minimo di acquisto delle opzioni: {0}.',
  'option.profileRequired': 'Completa il questionario di adeguatezza prima di negoziare opzioni.',
  'option.notAppropriate':
    'Le opzioni non sono appropriate alla tua esperienza e al tuo profilo di rischio: non puoi acquistarle.',
  'option.riskAck':
    "Le opzioni comportano un rischio poco adatto al tuo profilo: leggi l'avvertenza e confermala.",
  'option.notFound': 'Opzione non trovata.',
  'option.notHolding': "L'opzione non è più in portafoglio.",
};

export const optionsMessages = { 'en-US': enUS, 'it-IT': itIT };
