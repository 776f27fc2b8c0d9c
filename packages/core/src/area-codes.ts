import type { Language } from './language';

/** A country a phone number may belong to: its ISO 3166 code, its dialling code and its names. */
export interface AreaCode {
  iso: string;
  /** Dialling code with its plus sign, as E.164 writes it: '+39'. */
  dial: string;
  name: Record<Language, string>;
}

/**
 * The countries the register and login pages offer. Italy first because it is the default (SPEC.md §1,
 * §9); then the EU/EEA countries by English name, whose residents an Italian broker may serve under
 * passporting; then Switzerland, the United Kingdom and the United States.
 */
export const areaCodes: readonly AreaCode[] = [
  { iso: 'IT', dial: '+39', name: { 'it-IT': 'Italia', 'en-US': 'Italy' } },
  { iso: 'AT', dial: '+43', name: { 'it-IT': 'Austria', 'en-US': 'Austria' } },
  { iso: 'BE', dial: '+32', name: { 'it-IT': 'Belgio', 'en-US': 'Belgium' } },
  { iso: 'BG', dial: '+359', name: { 'it-IT': 'Bulgaria', 'en-US': 'Bulgaria' } },
  { iso: 'HR', dial: '+385', name: { 'it-IT': 'Croazia', 'en-US': 'Croatia' } },
  { iso: 'CY', dial: '+357', name: { 'it-IT': 'Cipro', 'en-US': 'Cyprus' } },
  { iso: 'CZ', dial: '+420', name: { 'it-IT': 'Repubblica Ceca', 'en-US': 'Czechia' } },
  { iso: 'DK', dial: '+45', name: { 'it-IT': 'Danimarca', 'en-US': 'Denmark' } },
  { iso: 'EE', dial: '+372', name: { 'it-IT': 'Estonia', 'en-US': 'Estonia' } },
  { iso: 'FI', dial: '+358', name: { 'it-IT': 'Finlandia', 'en-US': 'Finland' } },
  { iso: 'FR', dial: '+33', name: { 'it-IT': 'Francia', 'en-US': 'France' } },
  { iso: 'DE', dial: '+49', name: { 'it-IT': 'Germania', 'en-US': 'Germany' } },
  { iso: 'GR', dial: '+30', name: { 'it-IT': 'Grecia', 'en-US': 'Greece' } },
  { iso: 'HU', dial: '+36', name: { 'it-IT': 'Ungheria', 'en-US': 'Hungary' } },
  { iso: 'IS', dial: '+354', name: { 'it-IT': 'Islanda', 'en-US': 'Iceland' } },
  { iso: 'IE', dial: '+353', name: { 'it-IT': 'Irlanda', 'en-US': 'Ireland' } },
  { iso: 'LV', dial: '+371', name: { 'it-IT': 'Lettonia', 'en-US': 'Latvia' } },
  { iso: 'LI', dial: '+423', name: { 'it-IT': 'Liechtenstein', 'en-US': 'Liechtenstein' } },
  { iso: 'LT', dial: '+370', name: { 'it-IT': 'Lituania', 'en-US': 'Lithuania' } },
  { iso: 'LU', dial: '+352', name: { 'it-IT': 'Lussemburgo', 'en-US': 'Luxembourg' } },
  { iso: 'MT', dial: '+356', name: { 'it-IT': 'Malta', 'en-US': 'Malta' } },
  { iso: 'NL', dial: '+31', name: { 'it-IT': 'Paesi Bassi', 'en-US': 'Netherlands' } },
  { iso: 'NO', dial: '+47', name: { 'it-IT': 'Norvegia', 'en-US': 'Norway' } },
  { iso: 'PL', dial: '+48', name: { 'it-IT': 'Polonia', 'en-US': 'Poland' } },
  { iso: 'PT', dial: '+351', name: { 'it-IT': 'Portogallo', 'en-US': 'Portugal' } },
  { iso: 'RO', dial: '+40', name: { 'it-IT': 'Romania', 'en-US': 'Romania' } },
  { iso: 'SK', dial: '+421', name: { 'it-IT': 'Slovacchia', 'en-US': 'Slovakia' } },
  { iso: 'SI', dial: '+386', name: { 'it-IT': 'Slovenia', 'en-US': 'Slovenia' } },
  { iso: 'ES', dial: '+34', name: { 'it-IT': 'Spagna', 'en-US': 'Spain' } },
  { iso: 'SE', dial: '+46', name: { 'it-IT': 'Svezia', 'en-US': 'Sweden' } },
  { iso: 'CH', dial: '+41', name: { 'it-IT': 'Svizzera', 'en-US': 'Switzerland' } },
  { iso: 'GB', dial: '+44', name: { 'it-IT': 'Regno Unito', 'en-US': 'United Kingdom' } },
  { iso: 'US', dial: '+1', name: { 'it-IT': 'Stati Uniti', 'en-US': 'United States' } },
];

/** The default area code (SPEC.md §9: country IT, area code +39). */
export const defaultAreaCode: AreaCode = areaCodes[0]!;

/**
 * The area code a client sent, written '+39', '39' or '0039' (apps differ on the prefix); undefined when
 * it is not one we offer.
 */
export function findAreaCode(code: string): AreaCode | undefined {
  const digits = code.trim().replace(/^(\+|00)/, '');
  if (!/^\d{1,4}$/.test(digits)) return undefined;
  return areaCodes.find((entry) => entry.dial === `+${digits}`);
}
