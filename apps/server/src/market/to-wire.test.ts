import { describe, expect, it } from 'vitest';
import { eurUsd } from './catalogue/fx-pairs';
import { changePercent, quoteToWire } from './to-wire';

describe('changePercent', () => {
  it('truncates toward zero to 2 decimals: +1.239% is 1.23, -1.239% is -1.23', () => {
    expect(changePercent(101_239n, 100_000n)).toBe('1.23');
    expect(changePercent(98_761n, 100_000n)).toBe('-1.23');
  });

  it('shows a move smaller than a hundredth of a percent as 0.00, never -0.00', () => {
    expect(changePercent(99_999n, 100_000n)).toBe('0.00');
    expect(changePercent(100_000n, 100_000n)).toBe('0.00');
  });

  it('doubles as 100.00 and halves as -50.00; no previous close gives 0.00', () => {
    expect(changePercent(200n, 100n)).toBe('100.00');
    expect(changePercent(50n, 100n)).toBe('-50.00');
    expect(changePercent(50n, 0n)).toBe('0.00');
  });
});

describe('quoteToWire', () => {
  it('writes prices at the price scale, volume at the quantity scale, change against the previous close', () => {
    const wire = quoteToWire(eurUsd, {
      symbol: 'EURUSD.FX',
      time: 1_700_000_000_000,
      status: 'open',
      last: 117_234n,
      open: 117_000n,
      high: 117_300n,
      low: 116_950n,
      volume: 123_456n,
      prevClose: 117_010n,
    });
    expect(wire).toEqual({
      symbol: 'EURUSD.FX',
      time: 1_700_000_000_000,
      status: 'open',
      last: '1.17234',
      open: '1.17000',
      high: '1.17300',
      low: '1.16950',
      volume: '1234.56',
      prevClose: '1.17010',
      change: '0.00224',
      // 224 / 117010 = 0.1914…%
      changePercent: '0.19',
    });
  });
});
