import type { Language } from '@piazza/contract/wire';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readPersisted } from '../shared/storage/persisted';
import { itIT } from './it-IT';

/*
 * i18next with flat dotted keys and `{0}` placeholders (the catalogues' own syntax, shared with the server's
 * messages). The starting language is the persisted `lang` key, it-IT by default.
 *
 * Only the Italian catalogue (the default, and the fallback) is in the first script; the English one is a
 * chunk of its own, loaded before the first render when English is the persisted language and before any
 * switch to it (`loadLanguage`), so nobody sees the other language flash. It keeps the initial JS smaller by
 * the size of one catalogue (bench/README.md, web bundle).
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: readPersisted('lang'),
  fallbackLng: 'it-IT',
  resources: { 'it-IT': { translation: itIT } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function currentLanguage(): Language {
  return i18n.language === 'en-US' ? 'en-US' : 'it-IT';
}

/** Makes sure the catalogue of `lang` is loaded; the Italian one always is. */
export async function loadLanguage(lang: Language): Promise<void> {
  if (lang === 'it-IT' || i18n.hasResourceBundle(lang, 'translation')) return;
  const { enUS } = await import('./en-US');
  i18n.addResourceBundle('en-US', 'translation', enUS);
}
