import type { Language } from './language';

/*
 * Numbers as the apps show them (SPEC.md §9): truncated, never rounded up, so a balance is never shown
 * larger than it is; grouped by thousands; abbreviated for compact figures.
 *
 * it-IT writes 1.234.567,89 as SPEC.md §9 describes. en-US writes 1,234,567.89: the SPEC describes the
 * Italian convention, and a reader of the English interface expects the English one. Unlike
 * Intl.NumberFormat('it-IT'), which leaves four-digit numbers ungrouped (1234), we always group (1.234),
 * as the SPEC says and as a column of amounts reads best.
 */

/** An amount in minor units with its scale: { minor: 123450n, scale: 2 } is 1234.50. */
export interface ScaledAmount {
  minor: bigint;
  scale: number;
}

/**
 * What can be formatted: a decimal string as the wire carries it, an amount in minor units, or a JS number
 * for figures that are not money (percentages, volumes, indicator values). Money never arrives as a number.
 */
export type NumberInput = string | ScaledAmount | number;

/** What is shown for input that is not a finite number (a missing or malformed figure). */
export const missingFigure = '--';

/**
 * Words for the labelled compact form, from the caller's catalogue: 'Mln' and 'Mld' read well in Italian
 * whatever the count (1 Mln, 2 Mln); 'Million' and 'Billion' in English.
 */
export interface LargeNumberWords {
  million: string;
  billion: string;
}

/** `value` truncated to `decimals` places and grouped: '1.234.567,89' (it-IT), '1,234,567.89' (en-US). */
export function formatNumber(value: NumberInput, language: Language, decimals = 2): string {
  const exact = toExact(value);
  if (!exact) return missingFigure;
  return render(truncate(exact, checkDecimals(decimals)), decimals, language, false);
}

/**
 * `value` in percent (1.5 means 1.5 %) with its sign, truncated: '+1,23%', '-0,50%', '0,00%'. A value that
 * truncates to zero has no sign.
 */
export function formatPercent(value: NumberInput, language: Language, decimals = 2): string {
  const exact = toExact(value);
  if (!exact) return missingFigure;
  const minor = truncate(exact, checkDecimals(decimals));
  return `${minor > 0n ? '+' : ''}${render(minor, decimals, language, false)}%`;
}

/**
 * A quantity of a coin or a rate with as many places as it needs, up to `decimals` (8 by default): truncated,
 * grouped, trailing zeros dropped, so the ledger's six places of USDT never show as '0,500000' but as '0,5'.
 * Money in a currency keeps its fixed places with formatNumber (2 for USDT amounts).
 */
export function formatQuantity(value: NumberInput, language: Language, decimals = 8): string {
  const exact = toExact(value);
  if (!exact) return missingFigure;
  return render(truncate(exact, checkDecimals(decimals)), decimals, language, true);
}

const abbreviations = ['', 'K', 'M', 'G', 'T', 'P', 'E'] as const;

/**
 * `value` abbreviated by thousands with K, M, G, T, P or E, truncated to at most `decimals` places without
 * trailing zeros: '999', '1,2K', '3,45M', '999,99K' for 999 999 (never '1M': truncation does not round up).
 */
export function formatCompact(value: NumberInput, language: Language, decimals = 2): string {
  const exact = toExact(value);
  if (!exact) return missingFigure;
  checkDecimals(decimals);
  const thousands = Math.min(Math.floor((integerDigits(exact) - 1) / 3), abbreviations.length - 1);
  const shifted = { minor: exact.minor, scale: exact.scale + 3 * thousands };
  return render(truncate(shifted, decimals), decimals, language, true) + abbreviations[thousands];
}

/**
 * `value` labelled with a word at or above a million: '1,5 Mln', '2,34 Billion'; below a million the
 * grouped number. Truncated to at most `decimals` places without trailing zeros.
 *
 * SPEC.md §9 puts "Billion" at 1e7, which would call ten million a billion: a leftover of the Chinese unit
 * 亿 (1e8) the original was written for. We label a billion at 1e9, where it is one.
 */
export function formatLarge(
  value: NumberInput,
  language: Language,
  words: LargeNumberWords,
  decimals = 2,
): string {
  const exact = toExact(value);
  if (!exact) return missingFigure;
  checkDecimals(decimals);
  const digits = integerDigits(exact);
  const [power, word] = digits > 9 ? [9, words.billion] : digits > 6 ? [6, words.million] : [0, ''];
  const shifted = { minor: exact.minor, scale: exact.scale + power };
  const number = render(truncate(shifted, decimals), decimals, language, true);
  return word ? `${number} ${word}` : number;
}

function checkDecimals(decimals: number): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`decimals must be an integer from 0 to 20, not ${decimals}`);
  }
  return decimals;
}

/** An exact decimal: minor / 10^scale, scale ≥ 0. */
interface Exact {
  minor: bigint;
  scale: number;
}

// A sign, digits, optional fraction, optional exponent: what the wire sends and what String(number) gives.
const decimalPattern = /^([+-]?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

function toExact(value: NumberInput): Exact | null {
  if (typeof value === 'object') {
    if (!Number.isSafeInteger(value.scale)) return null;
    return value.scale >= 0
      ? { minor: value.minor, scale: value.scale }
      : { minor: value.minor * 10n ** BigInt(-value.scale), scale: 0 };
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  // String(number) is the shortest text that reads back as the same double: 0.29 stays 0.29 and is not
  // truncated to 0.28 as its binary value 0.28999… would be.
  const match = decimalPattern.exec(String(value).trim());
  if (!match) return null;
  const [, sign, whole, fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) return null;
  let minor = BigInt(whole! + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    minor *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { minor: sign === '-' ? -minor : minor, scale };
}

/** The value in minor units of `decimals` places, cut toward zero. */
function truncate(exact: Exact, decimals: number): bigint {
  const shift = exact.scale - decimals;
  // BigInt division truncates toward zero, which is the display rule for negative numbers too.
  return shift >= 0 ? exact.minor / 10n ** BigInt(shift) : exact.minor * 10n ** BigInt(-shift);
}

/** How many digits the integer part of |value| has; zero counts as one. */
function integerDigits(exact: Exact): number {
  const whole = exact.minor < 0n ? -exact.minor : exact.minor;
  return (whole / 10n ** BigInt(exact.scale)).toString().length;
}

const separators: Record<Language, { group: string; decimal: string }> = {
  'it-IT': { group: '.', decimal: ',' },
  'en-US': { group: ',', decimal: '.' },
};

function render(minor: bigint, decimals: number, language: Language, trimZeros: boolean): string {
  const { group, decimal } = separators[language];
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+$)/g, group);
  let fraction = digits.slice(digits.length - decimals);
  if (trimZeros) fraction = fraction.replace(/0+$/, '');
  // A value that truncates to zero is 0n here, and a bigint has no negative zero: '-0,00' never shows.
  return (negative ? '-' : '') + whole + (fraction ? decimal + fraction : '');
}
