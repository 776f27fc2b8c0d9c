import type { Language } from '@piazza/contract/wire';
import { setDefaultConfig } from 'antd-mobile';
import { writePersisted } from '../shared/storage/persisted';
import { antdLocales } from './antd-locale';
import { i18n, loadLanguage } from './i18n';

/**
 * Makes `lang` the language of texts, of antd-mobile's own texts and of the document, once its catalogue is
 * loaded (at once for Italian; English is fetched the first time).
 */
export async function applyLanguage(lang: Language): Promise<void> {
  // A catalogue that cannot be fetched (offline) leaves the texts in Italian, the fallback, rather than no app.
  await loadLanguage(lang).catch(() => undefined);
  await i18n.changeLanguage(lang);
  // Toast and Dialog render outside the React tree and read only the default config.
  setDefaultConfig({ locale: antdLocales[lang] });
  document.documentElement.lang = lang;
}

/** Switches language and remembers it; the request wrapper sends it as Accept-Language from now on. */
export async function setLanguage(lang: Language): Promise<void> {
  writePersisted('lang', lang);
  await applyLanguage(lang);
}
