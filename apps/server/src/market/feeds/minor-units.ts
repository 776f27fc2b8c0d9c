import { mulDiv, type Rounding } from '@piazza/core/money';

/**
 * A float from an exchange as bigint minor units at `scale` decimals, rounded once as `rounding` says.
 *
 * ccxt parses the exchange's decimal text ("97715.73000000") with Number(); JavaScript prints a float as the
 * shortest text that reads back to it, which for the ≤15 significant digits exchanges send is that decimal
 * again. So the float is turned back into its decimal text and scaled with integers: no float arithmetic
 * ever touches the amount (0.29 × 100 in floats is 28.999…).
 */
export function numberToMinor(value: number, scale: number, rounding: Rounding): bigint {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a price or quantity: ${value}`);
  // String() gives '97715.73', '8.73e-7' below 1e-6, '1e+21' from 1e21 up.
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`not a price or quantity: ${value}`);
  const [, whole, fraction = '', exponent = '0'] = match;
  const decimals = fraction.length - Number(exponent);
  const digits = BigInt(whole! + fraction);
  if (decimals <= 0) return digits * 10n ** BigInt(scale - decimals);
  return mulDiv(digits, 10n ** BigInt(scale), 10n ** BigInt(decimals), rounding);
}
