import { describe, expect, it } from 'vitest';
import { Refusal } from '../../platform/refusal';
import { candleRange } from './candle-range';

const now = Date.UTC(2026, 10, 23, 10, 0, 0);
const day = 86_400_000;

function refusal(fn: () => unknown): { key: string; params: readonly (string | number)[] } {
  try {
    fn();
  } catch (err) {
    if (err instanceof Refusal) return { key: err.key, params: err.params };
    throw err;
  }
  throw new Error('not refused');
}

describe('candleRange', () => {
  it('reads up to now, the forming candle included, and back as far as the interval allows', () => {
    expect(candleRange({ interval: '1m' }, now)).toEqual({
      fromMs: now + 1 - 7 * day,
      toMs: now + 1,
      limit: 300,
    });
    expect(candleRange({ interval: '1d', limit: 5 }, now)).toEqual({
      fromMs: now + 1 - 3650 * day,
      toMs: now + 1,
      limit: 5,
    });
  });

  it('pages back from an earlier `to`', () => {
    const to = now - 30 * day;
    expect(candleRange({ interval: '5m', to }, now)).toEqual({ fromMs: to - 30 * day, toMs: to, limit: 300 });
  });

  it('takes an explicit range as given, up to the longest the interval allows', () => {
    expect(candleRange({ interval: '1h', from: now - 365 * day, to: now }, now)).toMatchObject({
      fromMs: now - 365 * day,
      toMs: now,
    });
  });

  it('refuses a range that ends before it starts, or is empty', () => {
    expect(refusal(() => candleRange({ interval: '1h', from: now, to: now - 1 }, now))).toEqual({
      key: 'market.range.order',
      params: [],
    });
    expect(refusal(() => candleRange({ interval: '1h', from: now, to: now }, now)).key).toBe(
      'market.range.order',
    );
    expect(refusal(() => candleRange({ interval: '1h', from: now + 10 }, now)).key).toBe(
      'market.range.order',
    );
  });

  it('refuses a range one millisecond longer than the interval allows, naming interval and days', () => {
    expect(refusal(() => candleRange({ interval: '1m', from: now - 7 * day - 1, to: now }, now))).toEqual({
      key: 'market.range.tooLong',
      params: ['1m', 7],
    });
    expect(refusal(() => candleRange({ interval: '1m', from: now - 8 * day }, now)).params).toEqual([
      '1m',
      7,
    ]);
  });
});
