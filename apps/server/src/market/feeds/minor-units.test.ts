import { describe, expect, it } from 'vitest';
import { numberToMinor } from './minor-units';

describe('exchange floats to minor units', () => {
  it('scales the decimal the exchange sent, not the float', () => {
    // In floats 0.29 × 100 is 28.999999999999996 and 0.00000873 × 1e8 is 872.9999999999999: cutting them
    // would lose a unit.
    expect(Math.trunc(0.29 * 100)).toBe(28);
    expect(Math.trunc(0.00000873 * 1e8)).toBe(872);
    expect(numberToMinor(0.29, 2, 'down')).toBe(29n);
    expect(numberToMinor(0.00000873, 8, 'down')).toBe(873n);
    expect(numberToMinor(97715.73, 2, 'down')).toBe(9771573n);
    expect(numberToMinor(17734.24781, 5, 'down')).toBe(1773424781n);
  });

  it('reads the exponent JavaScript prints below a millionth and from 1e21 up', () => {
    expect(String(8.73e-7)).toBe('8.73e-7');
    expect(numberToMinor(8.73e-7, 9, 'halfEven')).toBe(873n);
    expect(numberToMinor(0.00000873, 8, 'halfEven')).toBe(873n);
    expect(numberToMinor(2.3012347e12, 0, 'down')).toBe(2301234700000n);
    expect(numberToMinor(1.5e21, 2, 'down')).toBe(150000000000000000000000n);
    expect(numberToMinor(0, 8, 'down')).toBe(0n);
  });

  it('rounds once, as asked, when the value has more decimals than the scale', () => {
    expect(numberToMinor(141.87, 1, 'halfEven')).toBe(1419n);
    expect(numberToMinor(141.85, 1, 'halfEven')).toBe(1418n); // a tie goes to the even neighbour
    expect(numberToMinor(141.87, 1, 'floor')).toBe(1418n);
    expect(numberToMinor(141.81, 1, 'ceil')).toBe(1419n);
    expect(numberToMinor(0.00000999, 5, 'down')).toBe(0n);
    // A float with 17 significant digits keeps them all before rounding.
    expect(numberToMinor(0.1 + 0.2, 8, 'halfEven')).toBe(30000000n);
  });

  it('refuses what is not a price or a quantity', () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => numberToMinor(bad, 2, 'down')).toThrowError(RangeError);
    }
  });
});
