import type { plansItIT } from './plans-it-IT';

/** The savings plans' terms screen, in English. */
export const plansEnUS: Record<keyof typeof plansItIT, string> = {
  'nav.plans': 'Savings plans',
  'plansAdmin.title': 'Savings plans: terms per instrument',
  'plansAdmin.hint':
    'The plan fee is charged on each purchase besides the order’s fee (zero for none). With fractions, plans also buy parts of a unit (6 decimals). Changes apply from the next purchase.',
  'plansAdmin.search': 'Search',
  'plansAdmin.instrument': 'Instrument',
  'plansAdmin.fee': 'Plan fee',
  'plansAdmin.feeEur': 'Plan fee (EUR)',
  'plansAdmin.fractional': 'Fractions',
  'plansAdmin.active': 'Active plans',
  'plansAdmin.actions': 'Actions',
  'plansAdmin.edit': 'Edit',
  'plansAdmin.save': 'Save',
  'plansAdmin.saved': 'Terms of {{symbol}} saved',
  'plansAdmin.yes': 'Yes',
  'plansAdmin.no': 'No',
};
