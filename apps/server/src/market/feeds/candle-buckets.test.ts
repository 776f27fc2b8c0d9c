import { describe, expect, it } from 'vitest';
import type { Candle } from '../feed';
import { aggregateCandles, bucketStart, bucketStartAtOrAfter } from './candle-buckets';

const at = (iso: string) => Date.parse(iso);

describe('candle buckets', () => {
  it('opens weeks on Monday 00:00 UTC, days at midnight UTC, hours on the hour', () => {
    expect(bucketStart(at('2026-11-22T23:59:59Z'), '1w')).toBe(at('2026-11-16T00:00:00Z')); // a Sunday
    expect(bucketStart(at('2026-11-23T00:00:00Z'), '1w')).toBe(at('2026-11-23T00:00:00Z'));
    expect(bucketStart(at('2026-11-20T14:30:12Z'), '1d')).toBe(at('2026-11-20T00:00:00Z'));
    expect(bucketStart(at('2026-11-20T14:30:12Z'), '4h')).toBe(at('2026-11-20T12:00:00Z'));
    expect(bucketStartAtOrAfter(at('2026-11-20T14:30:12Z'), '1h')).toBe(at('2026-11-20T15:00:00Z'));
    expect(bucketStartAtOrAfter(at('2026-11-20T14:00:00Z'), '1h')).toBe(at('2026-11-20T14:00:00Z'));
  });

  it('merges finer candles into first open, highest high, lowest low, last close and summed volume', () => {
    const hour = (h: number, o: bigint, hi: bigint, lo: bigint, c: bigint, v: bigint): Candle => ({
      time: at('2026-11-20T00:00:00Z') + h * 3_600_000,
      open: o,
      high: hi,
      low: lo,
      close: c,
      volume: v,
    });
    const merged = aggregateCandles(
      [
        hour(2, 100n, 104n, 99n, 103n, 5n),
        hour(3, 103n, 103n, 97n, 98n, 7n),
        hour(4, 98n, 101n, 98n, 100n, 1n),
        hour(6, 100n, 102n, 100n, 101n, 2n), // hour 5 had no trading
      ],
      '4h',
    );
    expect(merged).toEqual([
      { time: at('2026-11-20T00:00:00Z'), open: 100n, high: 104n, low: 97n, close: 98n, volume: 12n },
      { time: at('2026-11-20T04:00:00Z'), open: 98n, high: 102n, low: 98n, close: 101n, volume: 3n },
    ]);
  });
});
