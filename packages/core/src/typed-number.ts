import type { Language } from './language';

/*
 * A number as a person types it, in their language (rule 7: "5.000,00" in Italian, "5,000.00" in English),
 * read into the wire's decimal text ("5000.00"). The language's decimal mark is the decimal mark; its group
 * mark may separate thousands only in groups of three. The other language's decimal mark alone is accepted
 * too when it cannot be a group mark ("150.5" in Italian has no group of three after its point), so a person
 * used to either convention is understood. Anything else (signs, letters, two decimal marks) is no number.
 */

const marks: Record<Language, { decimal: string; group: string }> = {
  'it-IT': { decimal: ',', group: '.' },
  'en-US': { decimal: '.', group: ',' },
};

/** The wire decimal of a typed number ("1.234,5" in it-IT → "1234.5"), or null when it is not one. */
export function readTypedNumber(typed: string, language: Language): string | null {
  const text = typed.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return null;
  const { decimal, group } = marks[language];
  const grouped = new RegExp(`^\\d{1,3}(\\${group}\\d{3})+(\\${decimal}\\d+)?$`);
  const plain = new RegExp(`^\\d+(\\${decimal}\\d+)?$`);
  if (grouped.test(text) || plain.test(text)) {
    return text.split(group).join('').replace(decimal, '.');
  }
  // The other convention's decimal mark, where it cannot be read as a thousands group.
  const other = new RegExp(`^\\d+\\${group}\\d+$`);
  if (other.test(text) && !/^\d{1,3}[.,]\d{3}$/.test(text)) return text.replace(group, '.');
  return null;
}

/** A typed whole number (a quantity, lots), or null: "1.000" in Italian is a thousand. */
export function readTypedInteger(typed: string, language: Language): number | null {
  const wire = readTypedNumber(typed, language);
  if (wire === null || wire.includes('.')) return null;
  const n = Number(wire);
  return Number.isSafeInteger(n) ? n : null;
}
