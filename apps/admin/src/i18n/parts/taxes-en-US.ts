import type { taxesItIT } from './taxes-it-IT';

/** The taxes screen (an investor's regime, Tobin-tax exemptions, totals by month), in English. */
export const taxesEnUS: Record<keyof typeof taxesItIT, string> = {
  'nav.taxes': 'Taxes',
  'taxesAdmin.title': 'Taxes',
  'taxesAdmin.hint':
    'Regime amministrato: capital gains tax, Tobin tax and stamp duty are withheld by the platform and paid from its tax-payable account.',
  'taxesAdmin.regime.title': 'An investor’s regime',
  'taxesAdmin.regime.userId': 'Investor number',
  'taxesAdmin.regime.load': 'Show',
  'taxesAdmin.regime.now': 'Regime now: {{regime}}',
  'taxesAdmin.regime.setAt': 'set on {{at}}: {{reason}}',
  'taxesAdmin.regime.default': 'the default regime',
  'taxesAdmin.regime.amministrato': 'Amministrato',
  'taxesAdmin.regime.dichiarativo': 'Dichiarativo',
  'taxesAdmin.regime.switch': 'Switch to {{regime}}',
  'taxesAdmin.regime.reason': 'Reason (kept in the audit log)',
  'taxesAdmin.regime.confirm':
    'Switch investor {{userId}} to the regime {{regime}}? It applies from their next sale.',
  'taxesAdmin.regime.done': 'Investor {{userId}} is now under the regime {{regime}}.',
  'taxesAdmin.exempt.title': 'Exempt from the Tobin tax',
  'taxesAdmin.exempt.hint':
    'Issuers with a capitalisation below €500 million, as the Ministry’s list for the year says.',
  'taxesAdmin.year': 'Year',
  'taxesAdmin.exempt.symbol': 'Share',
  'taxesAdmin.exempt.name': 'Issuer',
  'taxesAdmin.exempt.add': 'Add',
  'taxesAdmin.exempt.remove': 'Remove',
  'taxesAdmin.exempt.empty': 'No share is exempt this year.',
  'taxesAdmin.exempt.added': '{{symbol}} is exempt in {{year}}.',
  'taxesAdmin.exempt.removed': '{{symbol}} is no longer exempt in {{year}}.',
  'taxesAdmin.totals.title': 'Totals by month',
  'taxesAdmin.totals.month': 'Month',
  'taxesAdmin.totals.currency': 'Currency',
  'taxesAdmin.totals.withheld': 'Capital gains tax',
  'taxesAdmin.totals.ftt': 'Tobin tax',
  'taxesAdmin.totals.stamp': 'Stamp duty',
  'taxesAdmin.totals.empty': 'No taxes this year.',
};
