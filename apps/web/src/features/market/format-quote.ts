import type { Language } from '@piazza/contract/wire';
import { formatCompact, formatNumber, formatPercent } from '@piazza/core/format-number';
import { trendOf } from '../../shared/market/decimal-order';

/*
 * How market figures read on screen, all through packages/core (decision 005): prices with the
 * instrument's own decimals, changes with their sign, volumes abbreviated.
 */

export function formatPrice(value: string, priceScale: number, language: Language): string {
  return formatNumber(value, language, priceScale);
}

/** A price change with its sign: '+0,236', '-1,10', '0,000'. */
export function formatPriceChange(value: string, priceScale: number, language: Language): string {
  const text = formatNumber(value, language, priceScale);
  return trendOf(value) === 'up' ? `+${text}` : text;
}

/** A change in percent with its sign: '+1,68%'. */
export function formatChangePercent(value: string, language: Language): string {
  return formatPercent(value, language, 2);
}

export function formatVolume(value: string, language: Language): string {
  return formatCompact(value, language, 2);
}
