import { describe, expect, it } from 'vitest';
import type { IndicatorLine } from './indicator-lines';
import { formatLineValue, legendAt } from './legend';

describe('formatLineValue', () => {
  it('writes prices with the instrument decimals, truncated, in the reader language', () => {
    expect(formatLineValue(14236.4567, 'price', 'it-IT', 3)).toBe('14.236,456');
    expect(formatLineValue(14236.4567, 'price', 'en-US', 3)).toBe('14,236.456');
  });

  it('abbreviates volumes and gives oscillators two decimals', () => {
    expect(formatLineValue(1_234_567, 'volume', 'it-IT', 3)).toBe('1,23M');
    expect(formatLineValue(70.129, 'plain', 'en-US', 3)).toBe('70.12');
    expect(formatLineValue(-0.0425, 'price', 'en-US', 3)).toBe('-0.042');
  });
});

describe('legendAt', () => {
  const lines: IndicatorLine[] = [
    { label: 'MA5', kind: 'line', values: [null, 14.2], format: 'price', color: '#111' },
    {
      label: 'MACD',
      kind: 'histogram',
      values: [0.5, -0.25],
      format: 'price',
      color: '#0f0',
      barColors: ['#0f0', '#f00'],
    },
  ];

  it('gives each line its value at the bar, in the bar colour for a histogram', () => {
    expect(legendAt(lines, 1, 'it-IT', 2)).toEqual([
      { label: 'MA5', color: '#111', text: '14,20' },
      { label: 'MACD', color: '#f00', text: '-0,25' },
    ]);
  });

  it('shows -- where a line is not defined yet', () => {
    expect(legendAt(lines, 0, 'en-US', 2)[0]).toEqual({ label: 'MA5', color: '#111', text: '--' });
  });
});
