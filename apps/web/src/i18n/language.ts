import type { Language } from '@piazza/contract/wire';
import { setDefaultConfig } from 'antd-mobile';
import { writePersisted } from '../shared/storage/persisted';
import { antdLocales } from './antd-locale';
import { i18n } from './i18n';

/** Makes `lang` the language of texts, of antd-mobile's own texts and of the document. */
export function applyLanguage(lang: Language): void {
  void i18n.changeLanguage(lang);
  // Toast and Dialog render outside the React tree and read only the default config.
  setDefaultConfig({ locale: antdLocales[lang] });
  document.documentElement.lang = lang;
}

/** Switches language and remembers it; the request wrapper sends it as Accept-Language from now on. */
export function setLanguage(lang: Language): void {
  writePersisted('lang', lang);
  applyLanguage(lang);
}
