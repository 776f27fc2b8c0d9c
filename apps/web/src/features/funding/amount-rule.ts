import { formatNumber } from '@piazza/core/format-number';
import type { TFunction } from 'i18next';
import { currentLanguage } from '../../i18n/i18n';
import { readAmountInput } from './amount-input';

interface AmountLimits {
  /** Wire amounts at the asset's scale; a maximum of zero means none. */
  min?: string;
  max?: string;
}

/**
 * The form rule of an amount box: a positive amount at the asset's scale within the limits the server
 * stated. The server checks the same again; this only saves a round trip and names the bound.
 */
export function amountRule(t: TFunction, scale: number, limits: AmountLimits = {}) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const minor = readAmountInput(value ?? '', scale);
      if (minor === null || minor === 0n) throw new Error(t('funding.amount.format'));
      const min = limits.min === undefined ? null : readAmountInput(limits.min, scale);
      const max = limits.max === undefined ? null : readAmountInput(limits.max, scale);
      // The bound is written as the reader's language writes numbers: "L’importo minimo è 10,00".
      const shown = (wire: string | undefined) => formatNumber(wire ?? '', currentLanguage(), scale);
      if (min !== null && minor < min) throw new Error(t('funding.amount.min', { 0: shown(limits.min) }));
      if (max !== null && max > 0n && minor > max)
        throw new Error(t('funding.amount.max', { 0: shown(limits.max) }));
    },
  };
}
