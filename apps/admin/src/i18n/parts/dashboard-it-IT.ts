import type { dashboardEnUS } from './dashboard-en-US';

/** Testi del back office per il cruscotto (il lavoro in attesa per l'operatore che ha fatto l'accesso). */
export const dashboardItIT: Record<keyof typeof dashboardEnUS, string> = {
  'nav.dashboard': 'Lavoro in attesa',
  'dashboard.title': 'Lavoro in attesa',
  'dashboard.hint':
    'Ciò che attende il tuo ruolo ora, con l’attesa più lunga in evidenza. Apri una coda per lavorarci.',
  'dashboard.none': 'Niente da fare per il tuo ruolo.',
  'dashboard.queue.kyc': 'Verifiche d’identità (KYC)',
  'dashboard.queue.hni': 'Richieste di investitore professionale',
  'dashboard.queue.deposits': 'Depositi da confermare',
  'dashboard.queue.withdrawals': 'Prelievi da pagare',
  'dashboard.queue.loans': 'Prestiti e rimborsi da decidere',
  'dashboard.queue.service': 'Chat di assistenza in attesa di risposta',
  'dashboard.waiting_one': '{{count}} in attesa',
  'dashboard.waiting_other': '{{count}} in attesa',
  'dashboard.empty': 'Niente in attesa',
  'dashboard.oldest': 'In attesa dal {{time}}',
  'dashboard.open': 'Apri',
};
