import { boll } from '@piazza/core/indicators/bollinger';
import { kdj } from '@piazza/core/indicators/kdj';
import { macd } from '@piazza/core/indicators/macd';
import { ema, sma } from '@piazza/core/indicators/moving-average';
import { rsi } from '@piazza/core/indicators/rsi';
import type { Series } from '@piazza/core/indicators/series';
import { vol } from '@piazza/core/indicators/volume';
import { persistedKeys } from '../../shared/storage/persisted-keys';
import type { KlineBars } from './kline-bars';
import { downColor, lineColors, upColor } from './kline-colors';

/** The overlays of the price pane and the indicators of the sub pane, as the persisted keys allow them. */
export const mainIndicators = persistedKeys.mainInd.schema.options;
export const subIndicators = persistedKeys.subInd.schema.options;
export type MainIndicator = (typeof mainIndicators)[number];
export type SubIndicator = (typeof subIndicators)[number];

/** How a line's values read: in the instrument's price decimals, as a volume, or as a 0–100 style figure. */
export type LineFormat = 'price' | 'volume' | 'plain';

/**
 * One drawn series of an indicator, aligned with the bars. Labels are the indicators' own symbols (MA5,
 * DIF, K), the same in every language, as on every trading screen.
 */
export interface IndicatorLine {
  label: string;
  kind: 'line' | 'histogram';
  values: readonly (number | null)[];
  format: LineFormat;
  /** A line's colour; for a histogram, the colour of each bar. */
  color: string;
  barColors?: string[];
  /** Reference levels drawn across the pane (RSI 30 and 70). */
  levels?: number[];
  /** A fixed scale for a bounded figure (RSI 0–100), so its levels stay in view. */
  range?: [number, number];
}

/** Periods of the moving averages over the price: short, medium, long. */
export const averagePeriods = [5, 10, 30] as const;

export function mainLines(indicator: MainIndicator, bars: KlineBars): IndicatorLine[] {
  const line = (label: string, values: Series, color: string): IndicatorLine => ({
    label,
    kind: 'line',
    values,
    format: 'price',
    color,
  });
  switch (indicator) {
    case 'SMA':
      return averagePeriods.map((p, i) => line(`MA${p}`, sma(bars.close, p), lineColors[i]!));
    case 'EMA':
      return averagePeriods.map((p, i) => line(`EMA${p}`, ema(bars.close, p), lineColors[i]!));
    case 'BOLL': {
      const bands = boll(bars.close);
      return [
        line('BOLL', bands.middle, lineColors[0]),
        line('UB', bands.upper, lineColors[1]),
        line('LB', bands.lower, lineColors[2]),
      ];
    }
  }
}

export function subLines(indicator: SubIndicator, bars: KlineBars): IndicatorLine[] {
  const line = (label: string, values: Series, format: LineFormat, color: string): IndicatorLine => ({
    label,
    kind: 'line',
    values,
    format,
    color,
  });
  switch (indicator) {
    case 'VOL': {
      const volume = vol(bars.volume);
      return [
        {
          label: 'VOL',
          kind: 'histogram',
          values: volume.volume,
          format: 'volume',
          color: upColor,
          // A bar is green when its candle closed at or above its open, as the candle above it is.
          barColors: bars.close.map((c, i) => (c >= bars.open[i]! ? upColor : downColor)),
        },
        line('MA5', volume.ma5, 'volume', lineColors[0]),
        line('MA10', volume.ma10, 'volume', lineColors[1]),
      ];
    }
    case 'MACD': {
      const m = macd(bars.close);
      return [
        {
          label: 'MACD',
          kind: 'histogram',
          values: m.histogram,
          format: 'price',
          color: upColor,
          barColors: m.histogram.map((h) => ((h ?? 0) >= 0 ? upColor : downColor)),
        },
        line('DIF', m.dif, 'price', lineColors[0]),
        line('DEA', m.dea, 'price', lineColors[1]),
      ];
    }
    case 'KDJ': {
      const { k, d, j } = kdj(bars);
      return [
        line('K', k, 'plain', lineColors[0]),
        line('D', d, 'plain', lineColors[1]),
        line('J', j, 'plain', lineColors[2]),
      ];
    }
    case 'RSI':
      return [
        { ...line('RSI14', rsi(bars.close), 'plain', lineColors[1]), levels: [30, 70], range: [0, 100] },
      ];
  }
}

/** The value of each line at bar `index` (the crosshair's bar, or the last one), for the legend. */
export function valuesAt(lines: readonly IndicatorLine[], index: number): (number | null)[] {
  return lines.map((l) => l.values[index] ?? null);
}
