import { formatNumber } from './format-number';
import type { Language } from './language';
import { formatAmount, parseAmount } from './money';

/*
 * A number as a person types it, in their language, and back (decision 044). The one reader and the one writer
 * of every amount, price and quantity field in the investor app and the back office:
 *
 * - `formatTypedNumber` writes a wire decimal ("20.902") as the language writes it ("20,902" in Italian), every
 *   place kept, so a prefilled field reads as the number it is;
 * - `parseTypedNumber` reads what was typed into the wire's decimal text ("5.000,00" in it-IT → "5000.00"), or
 *   names why it cannot.
 *
 * The language's decimal mark is the decimal mark; its group mark may separate thousands only in groups of
 * three. So "1.000" in Italian is a thousand and "1,5" is one and a half. The other language's decimal mark
 * alone is accepted where it cannot be a group mark ("150.5" in Italian has no group of three after its
 * point), so a person used to either convention is understood; where it could be a group it is the
 * language's reading that counts. Both marks in the other language's order ("5,000.00" in Italian) are
 * refused as mixed rather than guessed at.
 */

/** Why a typed text is not a number the field can take; each has a message in the apps' catalogues. */
export type TypedNumberRefusal =
  /** Nothing typed. */
  | 'empty'
  /** A minus sign: fields take amounts, prices and quantities, none of them negative. */
  | 'negative'
  /** Both marks, in the other language's order ("5,000.00" in Italian). */
  | 'mixedMarks'
  /** Not a number at all: letters, two decimal marks, groups not of three ("1.00.0"). */
  | 'malformed'
  /** More decimal places than the field's scale ("0,001" for euro cents). */
  | 'tooManyDecimals';

export type TypedNumberReading = { ok: true; wire: string } | { ok: false; reason: TypedNumberRefusal };

const marks: Record<Language, { decimal: string; group: string }> = {
  'it-IT': { decimal: ',', group: '.' },
  'en-US': { decimal: '.', group: ',' },
};

const literalMark = (mark: string) => `\\${mark}`;

/**
 * Reads `typed` in `language` into the wire's decimal text, without a sign, with the places typed ("20,50" →
 * "20.50"); `scale` is the most places the field takes (0 for a whole number). A trailing decimal mark is
 * allowed while typing ("5," reads 5) and a leading one stands for a zero (",5" reads 0.5).
 */
export function parseTypedNumber(
  typed: string,
  language: Language,
  options: { scale?: number } = {},
): TypedNumberReading {
  const text = typed.replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return { ok: false, reason: 'empty' };
  if (/^[-\u2212]/.test(text)) return { ok: false, reason: 'negative' };
  const wire = readMarks(text, language);
  if (wire === null) {
    const { decimal, group } = marks[language];
    const mixed = new RegExp(`^\\d[\\d${literalMark(decimal)}]*${literalMark(group)}\\d+$`);
    return { ok: false, reason: mixed.test(text) && text.includes(decimal) ? 'mixedMarks' : 'malformed' };
  }
  const places = wire.split('.')[1]?.length ?? 0;
  if (options.scale !== undefined && places > options.scale) return { ok: false, reason: 'tooManyDecimals' };
  return { ok: true, wire };
}

function readMarks(text: string, language: Language): string | null {
  const { decimal, group } = marks[language];
  const d = literalMark(decimal);
  const g = literalMark(group);
  // A first group never starts with 0: "0.001" is a thousandth in either language, not a thousands group.
  const grouped = new RegExp(`^[1-9]\\d{0,2}(${g}\\d{3})+(${d}\\d*)?$`);
  const plain = new RegExp(`^(\\d+(${d}\\d*)?|${d}\\d+)$`);
  if (grouped.test(text) || plain.test(text)) {
    const [whole = '', fraction = ''] = text.split(group).join('').split(decimal);
    return (whole === '' ? '0' : whole) + (fraction === '' ? '' : `.${fraction}`);
  }
  // The other convention's decimal mark, where it cannot be read as a thousands group.
  const other = new RegExp(`^\\d+${g}\\d+$`);
  if (other.test(text) && !/^[1-9]\d{0,2}[.,]\d{3}$/.test(text)) return text.replace(group, '.');
  return null;
}

/**
 * A wire decimal ("20.902", "5000.00", "7") as `language` writes it for typing, every place kept and
 * thousands grouped: "20,902" and "5.000,00" in Italian. What `parseTypedNumber` reads back to the same wire
 * text. Anything that is not a plain non-negative wire decimal is returned as it is.
 */
export function formatTypedNumber(wire: string, language: Language): string {
  if (!/^\d+(\.\d+)?$/.test(wire)) return wire;
  return formatNumber(wire, language, wire.split('.')[1]?.length ?? 0);
}

/** An amount in minor units at `scale` written for typing: 500000n at scale 2 is "5.000,00" in Italian. */
export function formatTypedMinor(minor: bigint, scale: number, language: Language): string {
  return formatTypedNumber(formatAmount(minor, scale), language);
}

/** The minor units at `scale` of a typed amount ("5.000,00" at 2 → 500000n), or null when it is not one. */
export function readTypedMinor(typed: string, language: Language, scale: number): bigint | null {
  const reading = parseTypedNumber(typed, language, { scale });
  return reading.ok ? parseAmount(reading.wire, scale) : null;
}

/** The wire decimal of a typed number ("1.234,5" in it-IT → "1234.5"), or null when it is not one. */
export function readTypedNumber(typed: string, language: Language): string | null {
  const reading = parseTypedNumber(typed, language);
  return reading.ok ? reading.wire : null;
}

/** A typed whole number (a quantity, lots), or null: "1.000" in Italian is a thousand. */
export function readTypedInteger(typed: string, language: Language): number | null {
  const reading = parseTypedNumber(typed, language, { scale: 0 });
  if (!reading.ok) return null;
  const n = Number(reading.wire);
  return Number.isSafeInteger(n) ? n : null;
}
