import { describe, expect, it } from 'vitest';
import { summariseCandles } from './chart-summary';

describe('the text alternative of a candle chart', () => {
  const bars = {
    open: [10, 10.4, 10.2],
    high: [10.5, 10.6, 10.9],
    low: [9.8, 10.1, 10.0],
    close: [10.4, 10.2, 10.75],
  };

  it('says the last close, the change from the first open and the range, the Italian way', () => {
    // 10,75 − 10,00 = +0,75, i.e. +7,50 %; lowest low 9,80, highest high 10,90.
    expect(summariseCandles(bars, 2, 'it-IT')).toEqual({
      last: '10,75',
      change: '+0,75',
      changePercent: '+7,50%',
      low: '9,80',
      high: '10,90',
    });
  });

  it('gives a fall its minus sign, in English too', () => {
    // 1900,25 − 2000 = −99,75.
    const falling = { open: [2000], high: [2010], low: [1890.5], close: [1900.25] };
    expect(summariseCandles(falling, 2, 'en-US')).toEqual({
      last: '1,900.25',
      change: '-99.75',
      changePercent: '-4.99%', // −99,75 ÷ 2000 = −4,9875 %, rounded
      low: '1,890.50',
      high: '2,010.00',
    });
  });

  it('has nothing to say without candles', () => {
    expect(summariseCandles({ open: [], high: [], low: [], close: [] }, 2, 'it-IT')).toBeUndefined();
  });
});
