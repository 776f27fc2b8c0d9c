import type { regulatoryItIT } from './regulatory-it-IT';

/** The regulatory information screen, in English. */
export const regulatoryEnUS: Record<keyof typeof regulatoryItIT, string> = {
  'nav.regulatory': 'Regulatory information',
  'regulatoryAdmin.title': 'Regulatory information',
  'regulatoryAdmin.hint':
    'What the app’s “Regulatory information” page shows investors. Until you save, the page says nothing is configured and claims no authorisation.',
  'regulatoryAdmin.configured': 'Published',
  'regulatoryAdmin.notConfigured': 'Not configured: the app claims nothing',
  'regulatoryAdmin.legalName': 'Legal name',
  'regulatoryAdmin.registrationNumber': 'Company registration number',
  'regulatoryAdmin.authorisationNumber': 'Authorisation number',
  'regulatoryAdmin.regulatorIt': 'Regulator (Italian)',
  'regulatoryAdmin.regulatorEn': 'Regulator (English)',
  'regulatoryAdmin.link': 'Link {{n}} (optional)',
  'regulatoryAdmin.linkUrl': 'https:// address',
  'regulatoryAdmin.linkLabelIt': 'Label (Italian)',
  'regulatoryAdmin.linkLabelEn': 'Label (English)',
  'regulatoryAdmin.saved': 'Regulatory information published',
  'regulatoryAdmin.clear': 'Remove',
  'regulatoryAdmin.cleared': 'Regulatory information removed: the app claims nothing any more',
};
