/** Refusals of the AI Multiplier calls (calls/robot.ts, calls/robot-admin.ts). */
const enUS = {
  'ai.amount': 'Enter the amount with at most 2 decimals, above zero.',
  'ai.simulateDays': 'Choose 30, 90 or 365 days.',
  'ai.notFound': 'Product not found.',
  'ai.paused': 'This product is paused: it takes no new subscriptions for now.',
  'ai.amountMin': 'Invest at least {0} {1} in this product.',
  'ai.amountMax': 'At most {0} {1} in total may be invested in this product.',
  'ai.balance': 'Account must suffice for {0} {1}.',
  'ai.marketClosed':
    'The market is closed, so the book has no current NAV to buy at: subscriptions reopen with the market at 09:00.',
  'ai.profileRequired': 'Complete the appropriateness questionnaire before subscribing.',
  'ai.refused':
    'This product’s risk class ({0} of 7) is not appropriate for the experience and risk you declared.',
  'ai.riskAck':
    'This product’s risk class ({0} of 7) fits your profile only with a warning: read it and confirm it.',
  'ai.orderNotFound': 'Subscription not found.',
  'ai.notActive':
    'This subscription has ended or is being returned: nothing can be added to it or taken from it.',
  'ai.locked': 'This subscription is locked in until {0}: no exit before then.',
  'ai.noEarlyExit': 'This product returns the capital only at the end of its period.',
  'robot.name': 'Enter the product’s name (at most 60 characters).',
  'robot.strategy': 'Choose a strategy: trend following, mean reversion, breakout or volatility target.',
  'robot.basket': 'List 1 to 10 listed Italian shares, separated by commas.',
  'robot.basketSymbol': '{0} is not a listed Italian share.',
  'robot.level': 'The level is a whole number from 1 to 5.',
  'robot.period': 'The period is a whole number of days from 1 to 3650.',
  'robot.lock': 'The lock-in is a whole number of days, at most the period.',
  'robot.minAmount': 'Enter the minimum with at most 2 decimals, above zero.',
  'robot.maxAmount': 'The maximum must be at least the minimum, with at most 2 decimals.',
  'robot.fee': 'The management fee is a percentage from 0 to 5 with at most 2 decimals.',
  'robot.fixed': 'A product’s strategy and basket cannot change once created: create a new product.',
};

const itIT: typeof enUS = {
  'ai.amount': "Inserisci l'importo maggiore di zero, con al massimo 2 decimali.",
  'ai.simulateDays': 'Scegli 30, 90 o 365 giorni.',
  'ai.notFound': 'Prodotto non trovato.',
  'ai.paused': 'Questo prodotto è sospeso: per ora non accetta nuove sottoscrizioni.',
  'ai.amountMin': 'Investi almeno {0} {1} in questo prodotto.',
  'ai.amountMax': 'In questo prodotto si possono investire al massimo {0} {1} in tutto.',
  'ai.balance': 'Il saldo deve coprire {0} {1}.',
  'ai.marketClosed':
    'Il mercato è chiuso, quindi il portafoglio non ha un NAV attuale a cui comprare: le sottoscrizioni riaprono con il mercato alle 09:00.',
  'ai.profileRequired': 'Completa il questionario di appropriatezza prima di sottoscrivere.',
  'ai.refused':
    "La classe di rischio di questo prodotto ({0} su 7) non è appropriata per l'esperienza e il rischio che hai dichiarato.",
  'ai.riskAck':
    'La classe di rischio di questo prodotto ({0} su 7) è adatta al tuo profilo solo con un avviso: leggilo e confermalo.',
  'ai.orderNotFound': 'Sottoscrizione non trovata.',
  'ai.notActive':
    'Questa sottoscrizione è terminata o in restituzione: non si può aggiungere né togliere nulla.',
  'ai.locked': 'Questa sottoscrizione è vincolata fino al {0}: nessuna uscita prima di allora.',
  'ai.noEarlyExit': 'Questo prodotto restituisce il capitale solo alla fine del periodo.',
  'robot.name': 'Inserisci il nome del prodotto (al massimo 60 caratteri).',
  'robot.strategy': 'Scegli una strategia: trend following, mean reversion, breakout o volatilità obiettivo.',
  'robot.basket': 'Elenca da 1 a 10 azioni italiane quotate, separate da virgole.',
  'robot.basketSymbol': '{0} non è un’azione italiana quotata.',
  'robot.level': 'Il livello è un numero intero da 1 a 5.',
  'robot.period': 'Il periodo è un numero intero di giorni da 1 a 3650.',
  'robot.lock': 'Il vincolo è un numero intero di giorni, al massimo pari al periodo.',
  'robot.minAmount': 'Inserisci il minimo maggiore di zero, con al massimo 2 decimali.',
  'robot.maxAmount': 'Il massimo deve essere almeno pari al minimo, con al massimo 2 decimali.',
  'robot.fee': 'La commissione di gestione è una percentuale da 0 a 5 con al massimo 2 decimali.',
  'robot.fixed':
    'La strategia e il paniere di un prodotto non cambiano dopo la creazione: crea un nuovo prodotto.',
};

export const robotMessages = { 'en-US': enUS, 'it-IT': itIT };
