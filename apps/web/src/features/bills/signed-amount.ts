import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';
import { shownDecimals } from '../../shared/money/money-text';

/**
 * A bill's amount with its sign always shown: '+1.250,00' for a credit, '-12,50' for a debit; an asset kept
 * at more places shows the ones that carry a digit ('0.01000000' BTC reads +0,01, '0.00150000' +0,0015).
 */
export function signedAmount(amount: string, lang: Language): string {
  const text = formatNumber(amount, lang, shownDecimals(amount));
  return amount.startsWith('-') || /^0(\.0*)?$/.test(amount) ? text : `+${text}`;
}
