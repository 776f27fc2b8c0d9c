import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';

/** Decimals a wire amount carries ('-12.50' → 2): bills come at their asset's scale. */
export function decimalsOf(amount: string): number {
  return amount.split('.')[1]?.length ?? 0;
}

/** A bill's amount with its sign always shown: '+1.250,00' for a credit, '-12,50' for a debit. */
export function signedAmount(amount: string, lang: Language): string {
  const text = formatNumber(amount, lang, decimalsOf(amount));
  return amount.startsWith('-') || /^0(\.0*)?$/.test(amount) ? text : `+${text}`;
}
