import type { AdminBondRow } from '@piazza/contract/calls/bonds-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';
import type { TFunction } from 'i18next';
import { formatLedgerAmount } from '../../shared/format';

/* How the bonds screens write a bond's figures: the Italian way in Italian, nothing hidden of what the server sent. */

const none = '—';

/** A price or an accrued per 100 as sent ("101.235" → "101,235"), or a dash when not quoted. */
export const shownPrice = (value: string | null, lang: Language): string =>
  value === null ? none : formatLedgerAmount(value, lang);

/** A yield in per cent a year ("3.61" → "3,61%"). */
export const shownYield = (value: string | null, lang: Language): string =>
  value === null ? none : `${formatNumber(value, lang, 2)}%`;

export const shownEur = (value: string, lang: Language): string => `${formatLedgerAmount(value, lang)} EUR`;

/** "BTP 3,85% 2034-07-01"-like name: the kind and the coupon, the ISIN goes in its own column. */
export function bondCoupon(b: AdminBondRow, t: TFunction, lang: Language): string {
  return b.couponsPerYear === 0 ? t('bondsAdmin.couponNone') : `${formatNumber(b.coupon, lang, 2)}%`;
}
