import type { Language } from '@piazza/contract/wire';
import { formatNumber, formatPercent } from '@piazza/core/format-number';

/*
 * A chart drawn on a canvas says nothing to a screen reader (WCAG 1.1.1): its text alternative is what a
 * sighted reader takes from it at a glance, the last price, the change over the candles shown and their range.
 */

export interface ChartSummary {
  last: string;
  change: string;
  changePercent: string;
  low: string;
  high: string;
}

interface Series {
  open: readonly number[];
  high: readonly number[];
  low: readonly number[];
  close: readonly number[];
}

/**
 * The figures of candles (oldest first) in `lang`, prices with `decimals` places: the last close, its change
 * from the first candle's open (signed, and in percent), the lowest low and the highest high. Undefined when
 * there is no candle.
 */
export function summariseCandles(bars: Series, decimals: number, lang: Language): ChartSummary | undefined {
  const n = bars.close.length;
  const first = bars.open[0];
  const last = bars.close[n - 1];
  if (n === 0 || first === undefined || last === undefined) return undefined;
  const change = last - first;
  const percent = first === 0 ? 0 : (change / first) * 100;
  const signed = (text: string) => (change > 0 ? `+${text}` : text);
  return {
    last: formatNumber(last.toFixed(decimals), lang, decimals),
    change: signed(formatNumber(change.toFixed(decimals), lang, decimals)),
    changePercent: formatPercent(percent.toFixed(2), lang, 2),
    low: formatNumber(Math.min(...bars.low).toFixed(decimals), lang, decimals),
    high: formatNumber(Math.max(...bars.high).toFixed(decimals), lang, decimals),
  };
}
