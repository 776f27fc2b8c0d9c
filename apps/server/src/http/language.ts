import { defaultLanguage, type Language } from '@piazza/contract/wire';

/** it-IT unless the caller's first preference is English. */
export function pickLanguage(header: string | string[] | undefined): Language {
  const value = (Array.isArray(header) ? header[0] : header) ?? '';
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('en')) return 'en-US';
  if (first.startsWith('it')) return 'it-IT';
  return defaultLanguage;
}
