import type { Language } from '@piazza/contract/wire';
import { formatNumber, formatPercent } from '@piazza/core/format-number';

/*
 * The products' fractions (returns, weights, the fee) travel as decimal strings of a fraction: "0.0734" is
 * 7.34%. The exponent "e2" moves the decimal point exactly, with no float in between.
 */

/** A return with its sign: "0.0734" → "+7,34%"; none yet → the placeholder. */
export function signedPercent(fraction: string | null, lang: Language, none: string): string {
  return fraction === null ? none : formatPercent(`${fraction}e2`, lang);
}

/** A share or a rate, no sign: "0.015" → "1,50%". */
export function percent(fraction: string, lang: Language): string {
  return `${formatNumber(`${fraction}e2`, lang, 2)}%`;
}
