import { parseAmount } from '@piazza/core/money';

/**
 * Minor units of a decimal written in the catalogue ('16.480' at scale 3 is 16480n). A literal that does
 * not fit its scale is a mistake in the data, so it stops the server at start rather than being rounded.
 */
export function amountOf(text: string, scale: number): bigint {
  const minor = parseAmount(text, scale);
  if (minor === null) throw new Error(`catalogue: ${text} is not a decimal with at most ${scale} decimals`);
  return minor;
}

/** Decimals a decimal string carries: '0.0005' has 4, '2' has 0. */
export function decimalsOf(decimal: string): number {
  const dot = decimal.indexOf('.');
  return dot < 0 ? 0 : decimal.length - dot - 1;
}
