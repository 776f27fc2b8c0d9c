import type { CandleInterval } from '@piazza/contract/enums';
import type { CandleWire } from '@piazza/contract/market';
import type { Language } from '@piazza/core/language';
import {
  CandlestickSeries,
  CrosshairMode,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type LogicalRange,
  type MouseEventParams,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import {
  type IndicatorLine,
  type MainIndicator,
  mainLines,
  type SubIndicator,
  subLines,
} from './indicator-lines';
import { applyLiveCandle, emptyBars, type KlineBars, type LiveEffect } from './kline-bars';
import { axisTextColor, downColor, gridColor, upColor } from './kline-colors';
import { formatLineValue, type LegendItem, type LineFormatter, legendAt } from './legend';
import { barLabel, markLabel } from './time-labels';

/*
 * The K-line drawn with lightweight-charts: candles and the main overlay in the upper pane, the sub
 * indicator in the lower one. This module is the only one that imports the library, and the panel loads it
 * with import(), so the library stays out of the app's first download.
 */

/** What the chart shows besides its bars: the interval, how to write numbers, and the two indicators. */
export interface KlineView {
  interval: CandleInterval;
  lang: Language;
  priceDecimals: number;
  main: MainIndicator;
  sub: SubIndicator;
}

/** What the legend shows: the bar under the finger (or the last one) and each line's value at it. */
export interface Legend {
  /** Open time of the bar, epoch ms. */
  time: number;
  timeLabel: string;
  open: string;
  high: string;
  low: string;
  close: string;
  /** Whether this bar closed at or above its open. */
  up: boolean;
  /** True while the crosshair is on a bar; false when the legend follows the latest bar. */
  pointing: boolean;
  main: LegendItem[];
  sub: LegendItem[];
  /** Distance in px from the chart's top to the sub pane, where the sub legend goes. */
  subTop: number;
}

export interface KlineChartEvents {
  onLegend: (legend: Legend | null) => void;
  /** The user scrolled to within a few bars of the oldest one: time to load older candles. */
  onNearStart: () => void;
}

/** How setBars treats the view: start at the latest bars, keep the bars in view after older ones arrive,
 * or keep the view as it is (the same bars, refreshed). */
export type BarsMode = 'reset' | 'prepend' | 'refresh';

const subPaneShare = 0.3;
const nearStartBars = 15;

const toTime = (ms: number) => (ms / 1000) as UTCTimestamp;
const fromTime = (time: Time) => (typeof time === 'number' ? time * 1000 : Number.NaN);

export class KlineChart {
  private readonly chart: IChartApi;
  private readonly candles: ISeriesApi<'Candlestick'>;
  private mainSeries: ISeriesApi<SeriesType>[] = [];
  private subSeries: ISeriesApi<SeriesType>[] = [];
  private bars: KlineBars = emptyBars();
  private main: IndicatorLine[] = [];
  private sub: IndicatorLine[] = [];
  private view: KlineView;
  private pointed: number | null = null;
  private destroyed = false;

  constructor(
    container: HTMLElement,
    view: KlineView,
    private readonly events: KlineChartEvents,
  ) {
    this.view = view;
    this.chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { color: '#ffffff' },
        textColor: axisTextColor,
        fontSize: 10,
        attributionLogo: false,
        panes: { separatorColor: gridColor, enableResize: false },
      },
      grid: { vertLines: { color: gridColor }, horzLines: { color: gridColor } },
      crosshair: { mode: CrosshairMode.Normal },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, rightOffset: 2, barSpacing: 7, minBarSpacing: 1 },
      // A vertical swipe scrolls the page, not the chart: the page goes on below it.
      handleScroll: { vertTouchDrag: false },
    });
    this.candles = this.chart.addSeries(CandlestickSeries, {
      upColor,
      downColor,
      borderVisible: false,
      wickUpColor: upColor,
      wickDownColor: downColor,
    });
    this.chart.subscribeCrosshairMove(this.onCrosshair);
    this.chart.timeScale().subscribeVisibleLogicalRangeChange(this.onRange);
    this.applyView(view, true);
  }

  /** Changes the interval, language, decimals or indicators; the bars stay. */
  setView(view: KlineView): void {
    const indicatorsChanged = view.main !== this.view.main || view.sub !== this.view.sub;
    this.view = view;
    this.applyView(view, indicatorsChanged);
  }

  /** Draws `bars` (which the chart then owns and updates live). */
  setBars(bars: KlineBars, mode: BarsMode, prepended = 0): void {
    const timeScale = this.chart.timeScale();
    const before = timeScale.getVisibleLogicalRange();
    this.bars = bars;
    this.candles.setData(
      bars.time.map((time, i) => ({
        time: toTime(time),
        open: bars.open[i]!,
        high: bars.high[i]!,
        low: bars.low[i]!,
        close: bars.close[i]!,
      })),
    );
    this.drawIndicators();
    if (mode === 'reset') timeScale.resetTimeScale();
    else if (mode === 'prepend' && before) {
      timeScale.setVisibleLogicalRange({ from: before.from + prepended, to: before.to + prepended });
    }
    this.emitLegend();
    // The panes may be laid out only on the next frame: place the sub legend again once they are.
    requestAnimationFrame(() => {
      if (!this.destroyed) this.emitLegend();
    });
  }

  /** Applies the current candle from the socket; returns what it did to the bars. */
  applyLive(candle: CandleWire): LiveEffect {
    const effect = applyLiveCandle(this.bars, candle);
    if (effect === 'ignored') return effect;
    const last = this.bars.time.length - 1;
    this.candles.update({
      time: toTime(this.bars.time[last]!),
      open: this.bars.open[last]!,
      high: this.bars.high[last]!,
      low: this.bars.low[last]!,
      close: this.bars.close[last]!,
    });
    // Every indicator is causal: only the last bar's values can have changed.
    this.computeLines();
    this.updateLast(this.mainSeries, this.main, last);
    this.updateLast(this.subSeries, this.sub, last);
    this.emitLegend();
    return effect;
  }

  destroy(): void {
    this.destroyed = true;
    this.chart.unsubscribeCrosshairMove(this.onCrosshair);
    this.chart.timeScale().unsubscribeVisibleLogicalRangeChange(this.onRange);
    this.chart.remove();
  }

  private applyView(view: KlineView, indicatorsChanged: boolean) {
    const intraday = view.interval !== '1d' && view.interval !== '1w';
    this.chart.applyOptions({
      localization: {
        locale: view.lang,
        timeFormatter: (time: Time) => barLabel(fromTime(time), view.interval),
      },
      timeScale: {
        timeVisible: intraday,
        tickMarkFormatter: (time: Time, kind: number) => markLabel(fromTime(time), kind),
      },
    });
    const minMove = 10 ** -view.priceDecimals;
    this.candles.applyOptions({
      priceFormat: { type: 'custom', minMove, formatter: this.formatter('price') },
    });
    if (indicatorsChanged) this.rebuildIndicatorSeries();
    else this.applyIndicatorFormats();
    this.emitLegend();
  }

  private formatter(format: IndicatorLine['format']): LineFormatter {
    const { lang, priceDecimals } = this.view;
    return (value: number) => formatLineValue(value, format, lang, priceDecimals);
  }

  private rebuildIndicatorSeries() {
    for (const s of [...this.mainSeries, ...this.subSeries]) this.chart.removeSeries(s);
    this.computeLines();
    this.mainSeries = this.main.map((line) => this.addLineSeries(line, 0));
    this.subSeries = this.sub.map((line) => this.addLineSeries(line, 1));
    const panes = this.chart.panes();
    panes[0]?.setStretchFactor(1 - subPaneShare);
    panes[1]?.setStretchFactor(subPaneShare);
    this.drawIndicators();
  }

  private addLineSeries(line: IndicatorLine, pane: number): ISeriesApi<SeriesType> {
    const priceFormat = {
      type: 'custom' as const,
      minMove: line.format === 'price' ? 10 ** -this.view.priceDecimals : 0.01,
      formatter: this.formatter(line.format),
    };
    // Indicator lines carry no last-value label of their own: the legend shows their values.
    const quiet = { priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false };
    if (line.kind === 'histogram') {
      return this.chart.addSeries(HistogramSeries, { ...quiet, color: line.color, priceFormat }, pane);
    }
    const range = line.range;
    const series = this.chart.addSeries(
      LineSeries,
      {
        ...quiet,
        color: line.color,
        lineWidth: 1,
        priceFormat,
        ...(range && {
          autoscaleInfoProvider: () => ({ priceRange: { minValue: range[0], maxValue: range[1] } }),
        }),
      },
      pane,
    );
    for (const price of line.levels ?? []) {
      series.createPriceLine({
        price,
        color: axisTextColor,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
      });
    }
    return series;
  }

  private applyIndicatorFormats() {
    const all: [ISeriesApi<SeriesType>, IndicatorLine][] = [
      ...this.mainSeries.map((s, i) => [s, this.main[i]!] as [ISeriesApi<SeriesType>, IndicatorLine]),
      ...this.subSeries.map((s, i) => [s, this.sub[i]!] as [ISeriesApi<SeriesType>, IndicatorLine]),
    ];
    for (const [series, line] of all) {
      series.applyOptions({
        priceFormat: {
          type: 'custom',
          minMove: line.format === 'price' ? 10 ** -this.view.priceDecimals : 0.01,
          formatter: this.formatter(line.format),
        },
      });
    }
  }

  private computeLines() {
    this.main = mainLines(this.view.main, this.bars);
    this.sub = subLines(this.view.sub, this.bars);
  }

  private drawIndicators() {
    this.computeLines();
    const draw = (series: ISeriesApi<SeriesType>[], lines: IndicatorLine[]) => {
      series.forEach((s, n) => {
        const line = lines[n]!;
        s.setData(this.bars.time.map((time, i) => this.point(line, time, i)));
      });
    };
    draw(this.mainSeries, this.main);
    draw(this.subSeries, this.sub);
  }

  private updateLast(series: ISeriesApi<SeriesType>[], lines: IndicatorLine[], index: number) {
    series.forEach((s, n) => {
      s.update(this.point(lines[n]!, this.bars.time[index]!, index));
    });
  }

  /** A point of a line; a bar where the line is not defined yet is whitespace, which keeps the bars aligned. */
  private point(line: IndicatorLine, time: number, i: number) {
    const value = line.values[i];
    if (value === null || value === undefined) return { time: toTime(time) };
    return line.barColors
      ? { time: toTime(time), value, color: line.barColors[i] }
      : { time: toTime(time), value };
  }

  private readonly onCrosshair = (param: MouseEventParams) => {
    const logical = param.logical;
    this.pointed =
      param.point && logical !== undefined && logical >= 0 && logical < this.bars.time.length
        ? Math.round(logical)
        : null;
    this.emitLegend();
  };

  private readonly onRange = (range: LogicalRange | null) => {
    if (range && this.bars.time.length > 0 && range.from < nearStartBars) this.events.onNearStart();
  };

  private emitLegend() {
    const count = this.bars.time.length;
    if (count === 0) {
      this.events.onLegend(null);
      return;
    }
    const index = this.pointed ?? count - 1;
    const { lang, priceDecimals, interval } = this.view;
    const price = (v: number) => formatLineValue(v, 'price', lang, priceDecimals);
    const time = this.bars.time[index]!;
    this.events.onLegend({
      time,
      timeLabel: barLabel(time, interval),
      open: price(this.bars.open[index]!),
      high: price(this.bars.high[index]!),
      low: price(this.bars.low[index]!),
      close: price(this.bars.close[index]!),
      up: this.bars.close[index]! >= this.bars.open[index]!,
      pointing: this.pointed !== null,
      main: legendAt(this.main, index, lang, priceDecimals),
      sub: legendAt(this.sub, index, lang, priceDecimals),
      subTop: this.chart.panes()[0]?.getHeight() ?? 0,
    });
  }
}
