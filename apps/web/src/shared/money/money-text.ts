import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';

/**
 * The decimals worth showing of a wire amount: the asset's scale without trailing zeros, but at least two,
 * so '10.000000' USDT reads 10,00 and '0.00150000' BTC reads 0,0015 — never fewer digits than it has.
 */
export function shownDecimals(amount: string): number {
  const fraction = (amount.split('.')[1] ?? '').replace(/0+$/, '');
  return Math.max(2, fraction.length);
}

/** A wire amount shown with its asset: '1.250,00 EUR', '10,00 USDT'. */
export function moneyText(amount: string, asset: string, lang: Language): string {
  return `${formatNumber(amount, lang, shownDecimals(amount))} ${asset}`;
}
