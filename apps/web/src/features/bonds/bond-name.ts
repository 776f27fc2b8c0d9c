import type { BondView } from '@piazza/contract/calls/bonds-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';
import type { TFunction } from 'i18next';

/** An ISO date as the app shows days, the same in both languages: '2034-07-01' → '01-07-2034'. */
export const shownDay = (iso: string): string => iso.split('-').reverse().join('-');

/** A bond as Italian investors name it: "BTP 3,85% 01-07-2034", "BOT 14-01-2027". */
export function bondName(
  bond: Pick<BondView, 'kind' | 'coupon' | 'maturityDate'>,
  t: TFunction,
  lang: Language,
): string {
  if (bond.kind === 'bot') return t('bonds.nameBot', { 0: shownDay(bond.maturityDate) });
  return t('bonds.name', {
    0: t(`bonds.kind.${bond.kind}`),
    1: formatNumber(bond.coupon, lang, 2),
    2: shownDay(bond.maturityDate),
  });
}

/** A yield or rate on the wire ("3.61") as a percentage: "3,61%". */
export const shownPercent = (value: string, lang: Language): string => `${formatNumber(value, lang, 2)}%`;

/** A price per cent of par ("101.235"): "101,235". */
export const shownPrice = (value: string, lang: Language): string => formatNumber(value, lang, 3);
