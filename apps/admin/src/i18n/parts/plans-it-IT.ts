/** The savings plans' terms screen, in Italian. */
export const plansItIT = {
  'nav.plans': 'Piani di accumulo',
  'plansAdmin.title': 'Piani di accumulo: condizioni per strumento',
  'plansAdmin.hint':
    'La commissione del piano si aggiunge a quella dell’ordine a ogni acquisto (zero per nessuna). Con le frazioni, i piani acquistano anche parti di quota (6 decimali). Le modifiche valgono dal prossimo acquisto.',
  'plansAdmin.search': 'Cerca',
  'plansAdmin.instrument': 'Strumento',
  'plansAdmin.fee': 'Commissione del piano',
  'plansAdmin.feeEur': 'Commissione del piano (EUR)',
  'plansAdmin.fractional': 'Frazioni',
  'plansAdmin.active': 'Piani attivi',
  'plansAdmin.actions': 'Azioni',
  'plansAdmin.edit': 'Modifica',
  'plansAdmin.save': 'Salva',
  'plansAdmin.saved': 'Condizioni di {{symbol}} salvate',
  'plansAdmin.yes': 'Sì',
  'plansAdmin.no': 'No',
};
