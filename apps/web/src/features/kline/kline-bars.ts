import type { CandleWire } from '@piazza/contract/market';

/*
 * Candles as the chart and the indicators use them: the wire's decimal strings converted to numbers once,
 * here. Chart figures are for drawing, not for money, so a number's last binary digit does not matter.
 */

export interface KlineBars {
  /** Open times in epoch ms, ascending, no repeats. */
  time: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

export const emptyBars = (): KlineBars => ({ time: [], open: [], high: [], low: [], close: [], volume: [] });

/**
 * The bars of `candles`, oldest first. Candles out of order or repeated (two pages that overlap) are sorted
 * and the later copy of a time kept, because the chart refuses data that is not strictly ascending.
 */
export function toBars(candles: readonly CandleWire[]): KlineBars {
  const byTime = new Map<number, CandleWire>();
  for (const candle of candles) byTime.set(candle.time, candle);
  const bars = emptyBars();
  for (const time of [...byTime.keys()].sort((a, b) => a - b)) push(bars, byTime.get(time)!);
  return bars;
}

function push(bars: KlineBars, candle: CandleWire) {
  bars.time.push(candle.time);
  bars.open.push(Number(candle.open));
  bars.high.push(Number(candle.high));
  bars.low.push(Number(candle.low));
  bars.close.push(Number(candle.close));
  bars.volume.push(Number(candle.volume));
}

/** What a live candle did to the bars: changed the last one, opened a new one, or nothing (it was old). */
export type LiveEffect = 'updated' | 'appended' | 'ignored';

/**
 * Applies a live candle in place: the current candle replaces the last bar of the same time; a newer one
 * opens a bar; an older one is a late message and changes nothing.
 */
export function applyLiveCandle(bars: KlineBars, candle: CandleWire): LiveEffect {
  const last = bars.time.length - 1;
  if (last >= 0 && candle.time < bars.time[last]!) return 'ignored';
  if (last >= 0 && candle.time === bars.time[last]) {
    bars.open[last] = Number(candle.open);
    bars.high[last] = Number(candle.high);
    bars.low[last] = Number(candle.low);
    bars.close[last] = Number(candle.close);
    bars.volume[last] = Number(candle.volume);
    return 'updated';
  }
  push(bars, candle);
  return 'appended';
}
