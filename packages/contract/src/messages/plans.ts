/** Refusals of the savings plan calls (calls/plans.ts). */
const enUS = {
  'plan.amount': 'Enter the amount in euros with at most 2 decimals.',
  'plan.amountMin': 'A plan buys at least {0} EUR each time.',
  'plan.amountMax': 'A plan buys at most {0} EUR each time.',
  'plan.frequency': 'Choose how often the plan buys: weekly, twice a month or monthly.',
  'plan.symbol': 'Choose a share or ETF for the plan.',
  'plan.unknownSymbol': '{0} cannot be bought by a savings plan: choose a share or ETF traded in EUR.',
  'plan.startDate': 'Enter the first date as YYYY-MM-DD, today or later (within a year).',
  'plan.notFound': 'Savings plan not found.',
  'plan.stopped': 'This plan is stopped: start a new one instead.',
  'plan.action': 'Choose pause, resume or stop.',
  'plan.notActive': 'Only an active plan can be paused.',
  'plan.notPaused': 'Only a paused plan can be resumed.',
  'plan.fee': 'Enter the plan fee in euros with at most 2 decimals (zero for none), at most 100.',
  'plan.fractional': 'Say whether plans buy fractions of this instrument.',
  'plan.sell.quantity': 'Enter the units to sell: more than zero, with at most 6 decimals.',
  'plan.sell.tooMany': 'Your plans hold {0} units of {1}: you cannot sell more than that.',
  'plan.sell.none': 'Your plans hold no units of {0}.',
  'plan.sell.noBid': 'Nobody is buying {0} right now: try again later.',
};

const itIT: typeof enUS = {
  'plan.amount': "Inserisci l'importo in euro con al massimo 2 decimali.",
  'plan.amountMin': 'Un piano acquista almeno {0} EUR ogni volta.',
  'plan.amountMax': 'Un piano acquista al massimo {0} EUR ogni volta.',
  'plan.frequency': 'Scegli ogni quanto il piano acquista: settimanale, quindicinale o mensile.',
  'plan.symbol': 'Scegli un’azione o un ETF per il piano.',
  'plan.unknownSymbol':
    '{0} non si può acquistare con un piano di accumulo: scegli un’azione o un ETF negoziato in EUR.',
  'plan.startDate': 'Inserisci la prima data come AAAA-MM-GG, da oggi in poi (entro un anno).',
  'plan.notFound': 'Piano di accumulo non trovato.',
  'plan.stopped': 'Questo piano è terminato: avviane uno nuovo.',
  'plan.action': 'Scegli sospendi, riprendi o termina.',
  'plan.notActive': 'Si può sospendere solo un piano attivo.',
  'plan.notPaused': 'Si può riprendere solo un piano sospeso.',
  'plan.fee':
    'Inserisci la commissione del piano in euro con al massimo 2 decimali (zero per nessuna), al massimo 100.',
  'plan.fractional': 'Indica se i piani acquistano frazioni di questo strumento.',
  'plan.sell.quantity': 'Inserisci le quote da vendere: più di zero, con al massimo 6 decimali.',
  'plan.sell.tooMany': 'I tuoi piani detengono {0} quote di {1}: non puoi venderne di più.',
  'plan.sell.none': 'I tuoi piani non detengono quote di {0}.',
  'plan.sell.noBid': 'Nessuno compra {0} in questo momento: riprova più tardi.',
};

export const plansMessages = { 'en-US': enUS, 'it-IT': itIT };
