import type { Language } from '@piazza/contract/wire';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readPersisted } from '../shared/storage/persisted';
import { enUS } from './en-US';
import { itIT } from './it-IT';

/*
 * i18next with flat dotted keys and `{0}` placeholders (the catalogues' own syntax, shared with the server's
 * messages). The starting language is the persisted `lang` key, it-IT by default.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: readPersisted('lang'),
  fallbackLng: 'it-IT',
  resources: { 'it-IT': { translation: itIT }, 'en-US': { translation: enUS } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function currentLanguage(): Language {
  return i18n.language === 'en-US' ? 'en-US' : 'it-IT';
}
