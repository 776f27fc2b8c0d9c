import type { TradeWire } from '@piazza/contract/market';
import { describe, expect, it } from 'vitest';
import { depthShares, mergeTrades } from './trade-list';

const trade = (id: string, time: number, side: 'buy' | 'sell' = 'buy'): TradeWire => ({
  id,
  time,
  price: '14.236',
  quantity: '100',
  side,
});

describe('mergeTrades', () => {
  it('puts new trades on top, newest first', () => {
    const shown = [trade('b', 2000), trade('a', 1000)];
    expect(mergeTrades(shown, [trade('c', 3000), trade('d', 4000)]).map((t) => t.id)).toEqual([
      'd',
      'c',
      'b',
      'a',
    ]);
  });

  it('shows a trade once when the socket repeats one the first read had', () => {
    const shown = [trade('b', 2000), trade('a', 1000)];
    expect(mergeTrades(shown, [trade('b', 2000), trade('c', 3000)]).map((t) => t.id)).toEqual([
      'c',
      'b',
      'a',
    ]);
  });

  it('keeps only the newest ones', () => {
    const shown = Array.from({ length: 50 }, (_, i) => trade(`old${i}`, 1000 - i));
    const merged = mergeTrades(shown, [trade('new', 5000)]);
    expect(merged).toHaveLength(50);
    expect(merged[0]!.id).toBe('new');
    expect(merged.at(-1)!.id).toBe('old48');
  });
});

describe('depthShares', () => {
  it('sizes each level against the largest of the book', () => {
    expect(depthShares(['50', '100', '25'], 200)).toEqual([0.25, 0.5, 0.125]);
    expect(depthShares(['5'], 0)).toEqual([0]);
  });
});
