import 'i18next';
import type { itIT } from './it-IT';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof itIT };
    keySeparator: false;
    nsSeparator: false;
    interpolationPrefix: '{';
    interpolationSuffix: '}';
  }
}
