import { formatCompact, formatNumber, missingFigure } from '@piazza/core/format-number';
import type { Language } from '@piazza/core/language';
import type { IndicatorLine, LineFormat } from './indicator-lines';

/** One entry of the legend: 'MA5 14,236' in the line's colour. */
export interface LegendItem {
  label: string;
  color: string;
  text: string;
}

export type LineFormatter = (value: number) => string;

/** Decimals of figures that are not prices (RSI, KDJ): two, as every terminal shows them. */
export const plainDecimals = 2;

/**
 * An indicator value as the axis and the legend write it, through core's number formats: prices with the
 * instrument's decimals, volumes abbreviated (1,2K), oscillators with two decimals.
 */
export function formatLineValue(
  value: number,
  format: LineFormat,
  lang: Language,
  priceDecimals: number,
): string {
  switch (format) {
    case 'price':
      return formatNumber(value, lang, priceDecimals);
    case 'volume':
      return formatCompact(value, lang, 2);
    case 'plain':
      return formatNumber(value, lang, plainDecimals);
  }
}

/** The legend entries of `lines` at bar `index`: '--' where a line is not defined there yet. */
export function legendAt(
  lines: readonly IndicatorLine[],
  index: number,
  lang: Language,
  priceDecimals: number,
): LegendItem[] {
  return lines.map((line) => {
    const value = line.values[index];
    const color = line.barColors?.[index] ?? line.color;
    const text = value == null ? missingFigure : formatLineValue(value, line.format, lang, priceDecimals);
    return { label: line.label, color, text };
  });
}
