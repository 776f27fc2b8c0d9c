/*
 * Units of a managed product's book (issue 13, decision 033), in integers only. Units are counted in
 * micro-units (1 unit = 1,000,000); the NAV is what one whole unit is worth in the currency's minor units,
 * times 1,000,000 (so a NAV of 100,000,000 is 100 cents, €1.00, a unit — where every book starts).
 * Every rounding favours the book, that is the investors who stay: units bought round down, a holding's
 * value rounds down, the NAV rounds down; what the roundings keep stays in the book's value.
 */

export const microUnitsPerUnit = 1_000_000n;
export const navScale = 1_000_000n;
const both = microUnitsPerUnit * navScale;

/** A new book's NAV: one unit for one major unit of a currency with `currencyScale` decimals. */
export function startingNav(currencyScale: number): bigint {
  return 10n ** BigInt(currencyScale) * navScale;
}

/** The micro-units an amount buys at a NAV (rounded down). */
export function unitsFor(amountMinor: bigint, nav: bigint): bigint {
  if (nav <= 0n) throw new RangeError('a NAV is above zero');
  if (amountMinor < 0n) throw new RangeError('an amount is not negative');
  return (amountMinor * both) / nav;
}

/** What micro-units are worth at a NAV, in minor units (rounded down). */
export function valueOfUnits(microUnits: bigint, nav: bigint): bigint {
  if (microUnits < 0n || nav < 0n) throw new RangeError('units and NAV are not negative');
  return (microUnits * nav) / both;
}

/** The NAV of a book worth `valueMinor` with `microUnits` outstanding; null when no unit is outstanding. */
export function navOf(valueMinor: bigint, microUnits: bigint): bigint | null {
  if (microUnits <= 0n) return null;
  if (valueMinor < 0n) throw new RangeError('a book is not worth less than nothing');
  return (valueMinor * both) / microUnits;
}

/** The management fee of `days` calendar days at `feeBp` basis points a year on a value (rounded down). */
export function managementFee(valueMinor: bigint, feeBp: number, days: number): bigint {
  if (!Number.isInteger(feeBp) || feeBp < 0) throw new RangeError('the fee is whole basis points');
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days are whole and not negative');
  return (valueMinor * BigInt(feeBp) * BigInt(days)) / 3_650_000n;
}
