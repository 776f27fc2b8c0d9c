import type { Language } from '@piazza/contract/wire';
import { setDefaultConfig } from 'antd-mobile';
import { writePersisted } from '../shared/storage/persisted';
import { antdLocales } from './antd-locale';
import { currentLanguage, i18n, loadLanguage } from './i18n';
import type { ShellTexts } from './shell-keys';

async function show(lang: Language): Promise<void> {
  await i18n.changeLanguage(lang);
  // Toast and Dialog render outside the React tree and read only the default config.
  setDefaultConfig({ locale: antdLocales[lang] });
  document.documentElement.lang = lang;
}

/**
 * The language at start (decision 068): the shell's texts, which came with the first download, at once, so
 * the first render waits for no catalogue; the whole catalogue is fetched meanwhile (`catalogueReady`).
 */
export async function startLanguage(lang: Language, shellTexts: ShellTexts): Promise<void> {
  i18n.addResourceBundle(lang, 'translation', shellTexts[lang], true, false);
  void catalogueReady(lang).catch(() => undefined);
  await show(lang);
}

/**
 * The whole catalogue of the current language, which every page waits for. One that cannot be fetched
 * (offline, before the service worker kept it) leaves the texts in Italian, the fallback, rather than no app.
 */
export function catalogueReady(lang: Language = currentLanguage()): Promise<void> {
  return loadLanguage(lang).catch((err: unknown) => {
    if (lang === 'it-IT') throw err;
    return loadLanguage('it-IT');
  });
}

/**
 * Makes `lang` the language of texts, of antd-mobile's own texts and of the document, once its catalogue is
 * loaded (each catalogue is fetched the first time it is needed).
 */
export async function applyLanguage(lang: Language): Promise<void> {
  // A catalogue that cannot be fetched (offline, before the service worker kept it) leaves the texts in Italian,
  // the fallback, rather than no app.
  await loadLanguage(lang).catch(() => loadLanguage('it-IT').catch(() => undefined));
  await show(lang);
}

/** Switches language and remembers it; the request wrapper sends it as Accept-Language from now on. */
export async function setLanguage(lang: Language): Promise<void> {
  writePersisted('lang', lang);
  await applyLanguage(lang);
}
