/*
 * Money as integers (DESIGN.md §1, principle 4): an amount is a bigint of minor units with a per-asset
 * scale (EUR 2: 123450n is 1234.50; BTC 8). Every division names its rounding, so whoever reads a
 * conversion sees in whose favour the remainder falls.
 */

/**
 * How a division's remainder is settled: 'floor' toward −∞, 'ceil' toward +∞, 'down' toward zero,
 * 'halfEven' to the nearest with ties to the even neighbour (banker's rounding, unbiased over many sums).
 */
export type Rounding = 'floor' | 'ceil' | 'down' | 'halfEven';

/** A scale is how many decimals an asset's minor unit has; 0 to 18 covers every currency, coin and share. */
export const scaleMax = 18;

/** The largest amount in minor units: the ledger keeps amounts and balances in PostgreSQL int8 columns. */
export const amountMax = 2n ** 63n - 1n;

/**
 * The minor units of a plain non-negative decimal with at most `scale` decimals ('1234.5' at scale 2 is
 * 123450n), or null for anything else: a sign, an exponent, spaces, a comma, a missing digit ('.5', '5.'),
 * or more than amountMax minor units.
 */
export function parseAmount(text: string, scale: number): bigint | null {
  checkScale(scale);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (fraction.length > scale) return null;
  // Checked on the text first so a hostile string of a million digits is never turned into a bigint.
  if (whole!.replace(/^0+/, '').length > 19) return null;
  const minor = BigInt(whole! + fraction.padEnd(scale, '0'));
  return minor <= amountMax ? minor : null;
}

/** The canonical decimal text of an amount, always with `scale` decimals: 123450n at scale 2 is '1234.50'. */
export function formatAmount(minor: bigint, scale: number): string {
  checkScale(scale);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return (negative ? '-' : '') + whole + (scale > 0 ? `.${fraction}` : '');
}

/** a × b ÷ c computed exactly, rounded once at the end as `rounding` says. Throws on c = 0. */
export function mulDiv(a: bigint, b: bigint, c: bigint, rounding: Rounding): bigint {
  if (c === 0n) throw new RangeError('mulDiv: division by zero');
  const product = a * b;
  // BigInt division truncates toward zero: quotient is the 'down' answer, remainder carries the sign of a×b.
  const quotient = product / c;
  const remainder = product % c;
  if (remainder === 0n) return quotient;
  const positive = product > 0n === c > 0n;
  // One step away from zero, in the direction of the exact result.
  const away = positive ? quotient + 1n : quotient - 1n;
  switch (rounding) {
    case 'down':
      return quotient;
    case 'floor':
      return positive ? quotient : away;
    case 'ceil':
      return positive ? away : quotient;
    case 'halfEven': {
      const twice = abs(remainder) * 2n;
      const divisor = abs(c);
      if (twice > divisor) return away;
      if (twice < divisor) return quotient;
      return quotient % 2n === 0n ? quotient : away;
    }
  }
}

/** An amount moved from one scale to another: 123450n at scale 2 is 1234500000n at scale 6. */
export function convert(minor: bigint, fromScale: number, toScale: number, rounding: Rounding): bigint {
  checkScale(fromScale);
  checkScale(toScale);
  return mulDiv(minor, 10n ** BigInt(toScale), 10n ** BigInt(fromScale), rounding);
}

/** A positive exchange rate as an exact fraction, in lowest terms: 1.0850 is { num: 217n, den: 200n }. */
export interface Rate {
  num: bigint;
  den: bigint;
}

/** The rate a plain positive decimal denotes ('1.0850'), or null for zero and anything not a plain decimal. */
export function parseRate(text: string): Rate | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  // Rates have no fixed scale; bound the digits so a hostile string cannot make a huge number.
  if (whole!.length + fraction.length > 40) return null;
  const num = BigInt(whole! + fraction);
  if (num === 0n) return null;
  const den = 10n ** BigInt(fraction.length);
  const divisor = gcd(num, den);
  return { num: num / divisor, den: den / divisor };
}

/**
 * An amount in one asset times a rate, in another asset's minor units: 100.00 EUR (10000n, scale 2) at
 * 1.0850 USD per EUR is 10850n at scale 2; the remainder is settled once, by `rounding`.
 */
export function applyRate(
  minor: bigint,
  fromScale: number,
  rate: Rate,
  toScale: number,
  rounding: Rounding,
): bigint {
  checkScale(fromScale);
  checkScale(toScale);
  if (rate.num <= 0n || rate.den <= 0n) throw new RangeError('applyRate: a rate is positive');
  return mulDiv(minor, rate.num * 10n ** BigInt(toScale), rate.den * 10n ** BigInt(fromScale), rounding);
}

function checkScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > scaleMax) {
    throw new RangeError(`a scale is an integer from 0 to ${scaleMax}, not ${scale}`);
  }
}

function abs(x: bigint): bigint {
  return x < 0n ? -x : x;
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [abs(a), abs(b)];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}
