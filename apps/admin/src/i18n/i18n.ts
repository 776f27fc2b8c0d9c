import { defaultLanguage, type Language, languages } from '@piazza/contract/wire';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-US';
import { itIT } from './it-IT';

/** Where the operator's language choice is kept; the back office's own key, apart from the investor app's. */
const languageKey = 'adminLang';

function storedLanguage(): Language {
  const saved = localStorage.getItem(languageKey);
  return languages.find((l) => l === saved) ?? defaultLanguage;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: 'en-US',
  resources: { 'it-IT': { translation: itIT }, 'en-US': { translation: enUS } },
  // Flat keys ('users.title') read as one list in the catalogues; dots are part of the key.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
});

export function currentLanguage(): Language {
  return languages.find((l) => l === i18n.language) ?? defaultLanguage;
}

export function setLanguage(lang: Language): void {
  localStorage.setItem(languageKey, lang);
  document.documentElement.lang = lang.slice(0, 2);
  void i18n.changeLanguage(lang);
}
document.documentElement.lang = i18n.language.slice(0, 2);
