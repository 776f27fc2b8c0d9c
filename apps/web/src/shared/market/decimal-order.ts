/*
 * Ordering of the wire's decimal strings without turning them into floats: '10.5' and '9.75' compare as the
 * numbers they are, at any length. A text that is not a decimal (a missing figure) orders after every number.
 */

const decimalText = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The decimal as an integer at `scale` places, or null if `text` is not a decimal. */
function scaled(text: string, scale: number): bigint | null {
  const match = decimalText.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const digits = BigInt(whole! + fraction.padEnd(scale, '0'));
  return sign === '-' ? -digits : digits;
}

export function isDecimal(text: string): boolean {
  return decimalText.test(text);
}

function scaleOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** Negative, zero or positive as `a` is less than, equal to or greater than `b`; non-numbers last. */
export function compareDecimal(a: string, b: string): number {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** 'up', 'down' or 'flat' for a signed change, which decides its colour. */
export type Trend = 'up' | 'down' | 'flat';

export function trendOf(change: string | undefined): Trend {
  if (change === undefined) return 'flat';
  const sign = compareDecimal(change, '0');
  if (!isDecimal(change) || sign === 0) return 'flat';
  return sign > 0 ? 'up' : 'down';
}
