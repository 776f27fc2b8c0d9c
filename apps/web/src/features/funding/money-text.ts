import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';
import { scaleOfAmount } from './amount-input';

/** A wire amount shown with its asset, at the decimals the server gave it: '1.250,00 EUR'. */
export function moneyText(amount: string, asset: string, lang: Language): string {
  return `${formatNumber(amount, lang, scaleOfAmount(amount))} ${asset}`;
}
