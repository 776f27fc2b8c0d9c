import type { Language } from '@piazza/contract/wire';

export interface Country {
  /** ISO 3166 alpha-2: what instruments' `country` holds and /stock/list takes. */
  code: string;
  names: Record<Language, string>;
  /** The flag, as the ISO code the apps draw it from. */
  flag: string;
  currency: string;
}

/** The countries whose shares are listed here, Italy first (the app's default, SPEC §9). */
export const countries: readonly Country[] = [
  { code: 'IT', names: { 'it-IT': 'Italia', 'en-US': 'Italy' }, flag: 'IT', currency: 'EUR' },
  { code: 'US', names: { 'it-IT': 'Stati Uniti', 'en-US': 'United States' }, flag: 'US', currency: 'USD' },
];
