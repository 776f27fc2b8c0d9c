import type { CandleWire } from '@piazza/contract/market';
import { describe, expect, it } from 'vitest';
import { CandleHistory } from './candle-history';

const candle = (minute: number, close = '10.00'): CandleWire => ({
  time: minute * 60_000,
  open: '10.00',
  high: '10.50',
  low: '9.50',
  close,
  volume: '1000',
});
const page = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => candle(from + i));

describe('CandleHistory', () => {
  it('starts empty, then holds the latest page', () => {
    const history = new CandleHistory();
    expect(history.oldest).toBeUndefined();
    expect(history.merge(page(100, 110))).toBe(0);
    expect(history.size).toBe(10);
    expect(history.oldest).toBe(100 * 60_000);
  });

  it('counts the candles an older page puts before the first one, so the view can stay where it was', () => {
    const history = new CandleHistory();
    history.merge(page(100, 110));
    // An older page overlapping by two candles adds eight before the oldest.
    expect(history.merge(page(92, 102))).toBe(8);
    expect(history.size).toBe(18);
    expect(history.bars().time[0]).toBe(92 * 60_000);
  });

  it('lets a refetched page correct a live candle of the same time', () => {
    const history = new CandleHistory();
    history.merge(page(100, 102));
    history.merge([candle(101, '10.40')]);
    expect(history.bars().close).toEqual([10, 10.4]);
    history.merge([candle(101, '10.45'), candle(102, '10.30')]);
    expect(history.bars().close).toEqual([10, 10.45, 10.3]);
    expect(history.merge([candle(103)])).toBe(0);
  });
});
