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

/**
 * Assets counted as money: two places whatever the ledger keeps (USDT has six there), as a price list or a
 * statement shows euro and dollars.
 */
const moneyAssets: ReadonlySet<string> = new Set(['EUR', 'USD', 'USDT', 'USDC']);

/** The most places a coin quantity is shown with: past the eighth a figure is noise to a reader. */
const coinDecimalsMax = 8;

/**
 * A wire amount of `asset` as a figure (issue 17): money to two places ('10,00' for '10.000000' USDT, never
 * the ledger's six); a coin with the places it needs, at least two and at most eight ('0,0015' BTC).
 * Truncated, never rounded up, like every figure (SPEC.md §9).
 */
export function assetFigure(amount: string, asset: string, lang: Language): string {
  const decimals = moneyAssets.has(asset) ? 2 : Math.min(coinDecimalsMax, shownDecimals(amount));
  return formatNumber(amount, lang, decimals);
}

/** A wire amount shown with its asset: '1.250,00 EUR', '10,00 USDT', '0,0015 BTC'. */
export function moneyText(amount: string, asset: string, lang: Language): string {
  return `${assetFigure(amount, asset, lang)} ${asset}`;
}
