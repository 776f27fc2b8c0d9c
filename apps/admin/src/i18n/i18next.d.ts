import 'i18next';
import type { enUS } from './en-US';

// Every t('…') key is checked against the English catalogue (the Italian one has the same keys).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS };
    keySeparator: false;
    nsSeparator: false;
  }
}
