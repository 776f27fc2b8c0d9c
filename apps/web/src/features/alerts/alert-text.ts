import type { AlertView } from '@piazza/contract/calls/alerts-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';
import type { TFunction } from 'i18next';

/** What an alert waits for, as a sentence: "Above 10,500 EUR", "Down 3,00% in a day". */
export function alertCondition(alert: AlertView, t: TFunction, lang: Language): string {
  if (alert.kind === 'above' || alert.kind === 'below') {
    const decimals = (alert.price ?? '').split('.')[1]?.length ?? 2;
    return t(`alerts.when.${alert.kind}`, {
      0: `${formatNumber(alert.price ?? '0', lang, decimals)} ${alert.currency}`,
    });
  }
  return t(`alerts.when.${alert.kind}`, { 0: formatNumber(alert.percent ?? '0', lang, 2) });
}
