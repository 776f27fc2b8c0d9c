import type { CandleWire } from '@piazza/contract/market';
import { describe, expect, it } from 'vitest';
import { applyLiveCandle, toBars } from './kline-bars';

const candle = (time: number, close: string, volume = '100'): CandleWire => ({
  time,
  open: '14.000',
  high: '14.500',
  low: '13.900',
  close,
  volume,
});

describe('toBars', () => {
  it('converts the decimal strings once, oldest first', () => {
    const bars = toBars([candle(120_000, '14.236'), candle(60_000, '14.100', '2500')]);
    expect(bars.time).toEqual([60_000, 120_000]);
    expect(bars.close).toEqual([14.1, 14.236]);
    expect(bars.volume).toEqual([2500, 100]);
    expect(bars.high).toEqual([14.5, 14.5]);
  });

  it('keeps one bar per time when two pages overlap, the later copy winning', () => {
    const bars = toBars([candle(60_000, '1.0'), candle(120_000, '2.0'), candle(120_000, '2.5')]);
    expect(bars.time).toEqual([60_000, 120_000]);
    expect(bars.close).toEqual([1, 2.5]);
  });
});

describe('applyLiveCandle', () => {
  it('replaces the current bar as it changes', () => {
    const bars = toBars([candle(60_000, '14.000'), candle(120_000, '14.100')]);
    expect(applyLiveCandle(bars, candle(120_000, '14.236', '900'))).toBe('updated');
    expect(bars.close).toEqual([14, 14.236]);
    expect(bars.volume).toEqual([100, 900]);
  });

  it('opens a bar when the next interval starts', () => {
    const bars = toBars([candle(60_000, '14.000')]);
    expect(applyLiveCandle(bars, candle(120_000, '14.050'))).toBe('appended');
    expect(bars.time).toEqual([60_000, 120_000]);
  });

  it('ignores a late message about an earlier bar', () => {
    const bars = toBars([candle(60_000, '14.000'), candle(120_000, '14.100')]);
    expect(applyLiveCandle(bars, candle(60_000, '99.000'))).toBe('ignored');
    expect(bars.close).toEqual([14, 14.1]);
  });

  it('starts the bars of an instrument with no history yet', () => {
    const bars = toBars([]);
    expect(applyLiveCandle(bars, candle(60_000, '1.5'))).toBe('appended');
    expect(bars.close).toEqual([1.5]);
  });
});
