import type { QuoteWire } from '@piazza/contract/market';
import { describe, expect, it } from 'vitest';
import { withLiveQuote, withLiveQuotes } from './merge-quotes';

const row = {
  symbol: 'ENI.MI',
  name: 'Eni',
  priceScale: 3,
  time: 1_000,
  status: 'open' as const,
  last: '14.000',
  change: '0.000',
  changePercent: '0.00',
};

const quote = (
  symbol: string,
  time: number,
  last: string,
  status: 'open' | 'closed' = 'open',
): QuoteWire => ({
  symbol,
  time,
  status,
  last,
  open: '14.000',
  high: '14.300',
  low: '13.900',
  volume: '5000',
  prevClose: '14.000',
  change: '0.236',
  changePercent: '1.68',
});

describe('live quotes over fetched rows', () => {
  it('replaces the price fields the row has and keeps the rest', () => {
    const merged = withLiveQuote(row, quote('ENI.MI', 2_000, '14.236', 'closed'));
    expect(merged).toEqual({
      symbol: 'ENI.MI',
      name: 'Eni',
      priceScale: 3,
      time: 2_000,
      status: 'closed',
      last: '14.236',
      change: '0.236',
      changePercent: '1.68',
    });
    expect(merged).not.toHaveProperty('open');
  });

  it('keeps the row itself when there is no quote, a quote of another symbol, or an older one', () => {
    expect(withLiveQuote(row, undefined)).toBe(row);
    expect(withLiveQuote(row, quote('ISP.MI', 2_000, '4.1'))).toBe(row);
    expect(withLiveQuote(row, quote('ENI.MI', 999, '13.000'))).toBe(row);
  });

  it('merges a list by symbol, in the list order', () => {
    const other = { ...row, symbol: 'ISP.MI', name: 'Intesa Sanpaolo' };
    const live = new Map([['ISP.MI', quote('ISP.MI', 5_000, '4.125')]]);
    const merged = withLiveQuotes([row, other], live);
    expect(merged.map((r) => [r.symbol, r.last])).toEqual([
      ['ENI.MI', '14.000'],
      ['ISP.MI', '4.125'],
    ]);
    expect(merged[0]).toBe(row);
  });
});
