import type { regulatoryItIT } from './regulatory-it-IT';

/** Texts of the regulatory information page (stock/regulatory), in English. */
export const regulatoryEnUS: Record<keyof typeof regulatoryItIT, string> = {
  'regulatory.title': 'Regulatory information',
  'regulatory.notConfigured':
    'The operator of this platform has not published its regulatory information yet. Until it does, this app claims no authorisation and no supervision.',
  'regulatory.legalName': 'Legal name',
  'regulatory.registrationNumber': 'Company registration number',
  'regulatory.regulator': 'Regulator',
  'regulatory.authorisationNumber': 'Authorisation number',
  'regulatory.links': 'Public registers',
  'regulatory.updated': 'Updated on {0}',
  'regulatory.more': 'More information',
  'regulatory.companyIntroduction': 'About us',
  'regulatory.privacyPolicy': 'Privacy policy',
  'regulatory.disclaimer': 'Disclaimer',
};
