import type { Language } from '@piazza/contract/wire';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readPersisted } from '../shared/storage/persisted';
import type { itIT } from './it-IT';

/*
 * i18next with flat dotted keys and `{0}` placeholders (the catalogues' own syntax, shared with the server's
 * messages). The starting language is the persisted `lang` key, it-IT by default.
 *
 * Each catalogue is a chunk of its own (decision 068). The first render has only the shell's few texts, which
 * come with the first download (shell-keys.ts, `startLanguage`); the active language's whole catalogue is
 * fetched at once beside the first page, and every page waits for it (the shell's deferred chunk does). A
 * switch loads the other catalogue before any text changes (`loadLanguage`), so nobody sees keys or the other
 * language flash, and an English reader never downloads the Italian catalogue, nor the other way round.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: readPersisted('lang'),
  fallbackLng: 'it-IT',
  resources: {},
  keySeparator: false,
  nsSeparator: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function currentLanguage(): Language {
  return i18n.language === 'en-US' ? 'en-US' : 'it-IT';
}

type Catalogue = Record<keyof typeof itIT, string>;

const catalogues: Record<Language, () => Promise<Catalogue>> = {
  'it-IT': () => import('./it-IT').then((m) => m.itIT),
  'en-US': () => import('./en-US').then((m) => m.enUS),
};

const complete = new Set<Language>();

/** Makes sure the whole catalogue of `lang` is loaded (fetched the first time it is needed). */
export async function loadLanguage(lang: Language): Promise<void> {
  if (complete.has(lang)) return;
  const catalogue = await catalogues[lang]();
  i18n.addResourceBundle(lang, 'translation', catalogue, true, true);
  complete.add(lang);
}
