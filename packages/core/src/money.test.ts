import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountMax,
  applyRate,
  convert,
  formatAmount,
  mulDiv,
  parseAmount,
  parseRate,
  type Rounding,
} from './money';

const roundings: Rounding[] = ['floor', 'ceil', 'down', 'halfEven'];
const rounding = fc.constantFrom(...roundings);
const scale = fc.integer({ min: 0, max: 18 });
const big = fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n });
const nonZero = big.filter((x) => x !== 0n);
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

describe('parseAmount', () => {
  it.each<[string, number, bigint | null]>([
    ['1234.50', 2, 123450n],
    ['1234.5', 2, 123450n],
    ['1234', 2, 123400n],
    ['0', 2, 0n],
    ['0.01', 2, 1n],
    ['007.10', 2, 710n],
    ['100', 0, 100n],
    ['0.00000001', 8, 1n],
    ['21000000', 8, 2100000000000000n],
    ['1.123456', 6, 1123456n],
    ['92233720368547758.07', 2, amountMax],
    ['92233720368547758.08', 2, null],
    ['9223372036854775807', 0, amountMax],
    ['9223372036854775808', 0, null],
    ['00000000000000000000000001', 0, 1n],
    ['1'.repeat(1000), 0, null],
    ['1.005', 2, null],
    ['1.0', 0, null],
    ['-1', 2, null],
    ['+1', 2, null],
    ['1e3', 2, null],
    ['1E3', 2, null],
    ['1,50', 2, null],
    ['1 000', 2, null],
    [' 1', 2, null],
    ['1 ', 2, null],
    ['.5', 2, null],
    ['5.', 2, null],
    ['', 2, null],
    ['.', 2, null],
    ['0x10', 2, null],
    ['Infinity', 2, null],
    ['NaN', 2, null],
    ['١٢', 2, null],
  ])('%j at scale %i → %s', (text, s, minor) => {
    expect(parseAmount(text, s)).toBe(minor);
  });

  it.each([-1, 19, 1.5, Number.NaN])('refuses scale %d as a programming error', (s) => {
    expect(() => parseAmount('1', s)).toThrow(RangeError);
    expect(() => formatAmount(1n, s)).toThrow(RangeError);
  });
});

describe('formatAmount', () => {
  it.each<[bigint, number, string]>([
    [123450n, 2, '1234.50'],
    [1n, 2, '0.01'],
    [0n, 2, '0.00'],
    [0n, 0, '0'],
    [-1n, 2, '-0.01'],
    [-123450n, 2, '-1234.50'],
    [100n, 0, '100'],
    [-100n, 0, '-100'],
    [1n, 8, '0.00000001'],
    [2100000000000000n, 8, '21000000.00000000'],
    [amountMax, 2, '92233720368547758.07'],
    [10n ** 30n, 18, '1000000000000.000000000000000000'],
  ])('%s at scale %i → %s', (minor, s, text) => {
    expect(formatAmount(minor, s)).toBe(text);
  });

  it('reads back what it writes, for every amount the ledger can hold (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: amountMax }), scale, (minor, s) => {
        const text = formatAmount(minor, s);
        expect(parseAmount(text, s)).toBe(minor);
        // Canonical: exactly `scale` decimals, no stray zeros in front.
        expect(text).toMatch(s === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)\\.\\d{${s}}$`));
      }),
    );
  });

  it('writes negative amounts as the positive one with a minus (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: amountMax }), scale, (minor, s) => {
        expect(formatAmount(-minor, s)).toBe(`-${formatAmount(minor, s)}`);
      }),
    );
  });
});

describe('mulDiv', () => {
  it.each<[bigint, bigint, bigint, Rounding, bigint]>([
    // 7 / 2 = 3.5
    [7n, 1n, 2n, 'floor', 3n],
    [7n, 1n, 2n, 'ceil', 4n],
    [7n, 1n, 2n, 'down', 3n],
    [7n, 1n, 2n, 'halfEven', 4n],
    // 5 / 2 = 2.5: ties go to the even neighbour
    [5n, 1n, 2n, 'halfEven', 2n],
    [-5n, 1n, 2n, 'halfEven', -2n],
    [-7n, 1n, 2n, 'halfEven', -4n],
    // -7 / 2 = -3.5
    [-7n, 1n, 2n, 'floor', -4n],
    [-7n, 1n, 2n, 'ceil', -3n],
    [-7n, 1n, 2n, 'down', -3n],
    [7n, 1n, -2n, 'floor', -4n],
    [-7n, 1n, -2n, 'floor', 3n],
    [-7n, 1n, -2n, 'ceil', 4n],
    // 10 / 3 = 3.33…, 20 / 3 = 6.66…
    [10n, 1n, 3n, 'halfEven', 3n],
    [20n, 1n, 3n, 'halfEven', 7n],
    [-20n, 1n, 3n, 'halfEven', -7n],
    [-10n, 1n, 3n, 'halfEven', -3n],
    // exact results are untouched by any rounding
    [6n, 4n, 8n, 'ceil', 3n],
    [6n, 4n, 8n, 'floor', 3n],
    [0n, 5n, 7n, 'ceil', 0n],
    // beyond 2^53 and 2^64 the answer stays exact
    [10n ** 30n + 1n, 3n, 10n ** 30n, 'down', 3n],
    [10n ** 30n + 1n, 3n, 10n ** 30n, 'ceil', 4n],
  ])('%s × %s ÷ %s (%s) → %s', (a, b, c, r, expected) => {
    expect(mulDiv(a, b, c, r)).toBe(expected);
  });

  it('refuses to divide by zero', () => {
    for (const r of roundings) expect(() => mulDiv(1n, 1n, 0n, r)).toThrow(RangeError);
  });

  it('agrees with exact arithmetic and rounds in the named direction (property)', () => {
    fc.assert(
      fc.property(big, big, nonZero, rounding, (a, b, c, r) => {
        const q = mulDiv(a, b, c, r);
        // Compare q with a×b÷c without dividing: q×c against a×b, with c made positive.
        const [n, d] = c > 0n ? [a * b, c] : [-(a * b), -c];
        const error = n - q * d; // the exact result is q + error/d
        expect(error > -d && error < d).toBe(true); // within one unit
        if (r === 'floor') expect(error >= 0n).toBe(true);
        if (r === 'ceil') expect(error <= 0n).toBe(true);
        if (r === 'down') {
          expect(n >= 0n ? error >= 0n : error <= 0n).toBe(true);
          expect(q).toBe(n / d);
        }
        if (r === 'halfEven') {
          const twice = 2n * (error < 0n ? -error : error);
          expect(twice <= d).toBe(true);
          if (twice === d) expect(q % 2n).toBe(0n);
        }
      }),
    );
  });

  it('never rounds floor above ceil, and they meet only on exact results (property)', () => {
    fc.assert(
      fc.property(big, big, nonZero, (a, b, c) => {
        const low = mulDiv(a, b, c, 'floor');
        const high = mulDiv(a, b, c, 'ceil');
        const exact = (a * b) % c === 0n;
        expect(high - low).toBe(exact ? 0n : 1n);
      }),
    );
  });
});

describe('convert', () => {
  it.each<[bigint, number, number, Rounding, bigint]>([
    [123450n, 2, 6, 'down', 1234500000n],
    [1234567n, 6, 2, 'down', 123n],
    [1234567n, 6, 2, 'ceil', 124n],
    [1234567n, 6, 2, 'halfEven', 123n],
    [1235000n, 6, 2, 'halfEven', 124n],
    [1245000n, 6, 2, 'halfEven', 124n],
    [-1234567n, 6, 2, 'floor', -124n],
    [-1234567n, 6, 2, 'down', -123n],
    [5n, 0, 0, 'down', 5n],
    [100000000n, 8, 0, 'floor', 1n],
  ])('%s from scale %i to %i (%s) → %s', (minor, from, to, r, expected) => {
    expect(convert(minor, from, to, r)).toBe(expected);
  });

  it('loses nothing going to a finer scale and back (property)', () => {
    fc.assert(
      fc.property(big, scale, scale, rounding, (minor, s1, s2, r) => {
        const [coarse, fine] = s1 <= s2 ? [s1, s2] : [s2, s1];
        expect(convert(convert(minor, coarse, fine, r), fine, coarse, r)).toBe(minor);
      }),
    );
  });
});

describe('rates', () => {
  it.each<[string, { num: bigint; den: bigint } | null]>([
    ['1.0850', { num: 217n, den: 200n }],
    ['1', { num: 1n, den: 1n }],
    ['0.5', { num: 1n, den: 2n }],
    ['0.00001234', { num: 617n, den: 50000000n }],
    ['65000.12', { num: 1625003n, den: 25n }],
    ['0', null],
    ['0.000', null],
    ['-1.2', null],
    ['1e2', null],
    ['1,08', null],
    ['', null],
    ['.5', null],
    [`1.${'0'.repeat(40)}1`, null],
  ])('parseRate(%j) → %o', (text, rate) => {
    expect(parseRate(text)).toEqual(rate);
  });

  it.each<[bigint, number, string, number, Rounding, bigint]>([
    // 100.00 EUR at 1.0850 USD/EUR → 108.50 USD
    [10000n, 2, '1.0850', 2, 'down', 10850n],
    // 0.01 EUR at 1.0850 → 0.01085 USD: the cent goes to whoever the rounding favours
    [1n, 2, '1.0850', 2, 'down', 1n],
    [1n, 2, '1.0850', 2, 'ceil', 2n],
    [1n, 2, '1.0850', 2, 'halfEven', 1n],
    // 1 BTC (scale 8) at 65000.12 EUR → 65000.12 EUR
    [100000000n, 8, '65000.12', 2, 'down', 6500012n],
    // 1000.00 EUR → USDT (scale 6) at 1.0850
    [100000n, 2, '1.0850', 6, 'down', 1085000000n],
    // 99.99 USD → EUR at 1/1.0850 written as 0.9216589861
    [9999n, 2, '0.9216589861', 2, 'floor', 9215n],
    [9999n, 2, '0.9216589861', 2, 'ceil', 9216n],
    // a negative amount (a debit) rounds by the same named rule
    [-1n, 2, '1.0850', 2, 'floor', -2n],
    [-1n, 2, '1.0850', 2, 'down', -1n],
  ])('%s at scale %i × %s → scale %i (%s) = %s', (minor, from, rateText, to, r, expected) => {
    expect(applyRate(minor, from, parseRate(rateText)!, to, r)).toBe(expected);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => applyRate(1n, 2, { num: 0n, den: 1n }, 2, 'down')).toThrow(RangeError);
    expect(() => applyRate(1n, 2, { num: 1n, den: 0n }, 2, 'down')).toThrow(RangeError);
    expect(() => applyRate(1n, 2, { num: -1n, den: 1n }, 2, 'down')).toThrow(RangeError);
  });

  it('gives the exact product, rounded once (property)', () => {
    const rateText = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 10 }))
      .filter(([digits]) => digits > 0n)
      .map(([digits, decimals]) => formatAmount(digits, decimals));
    fc.assert(
      fc.property(big, scale, rateText, scale, rounding, (minor, from, text, to, r) => {
        const rate = parseRate(text)!;
        const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
        const expected = mulDiv(
          minor,
          parseAmount(text, decimals)! * 10n ** BigInt(to),
          10n ** BigInt(decimals + from),
          r,
        );
        expect(applyRate(minor, from, rate, to, r)).toBe(expected);
        expect(gcd(rate.num, rate.den)).toBe(1n);
      }),
    );
  });
});
