import { describe, expect, it } from 'vitest';
import { mainIndicators, mainLines, subIndicators, subLines, valuesAt } from './indicator-lines';
import type { KlineBars } from './kline-bars';
import { downColor, upColor } from './kline-colors';

/** 40 bars rising by one a bar, each opening half a point below its close except every fifth. */
function bars(count = 40): KlineBars {
  const close = Array.from({ length: count }, (_, i) => 10 + i);
  return {
    time: close.map((_, i) => i * 60_000),
    open: close.map((c, i) => (i % 5 === 4 ? c + 0.5 : c - 0.5)),
    high: close.map((c) => c + 1),
    low: close.map((c) => c - 1),
    close,
    volume: close.map((_, i) => 100 * (i + 1)),
  };
}

describe('the indicator pickers', () => {
  it('offer what the persisted keys allow, defaults first', () => {
    expect(mainIndicators).toEqual(['SMA', 'EMA', 'BOLL']);
    expect(subIndicators).toEqual(['VOL', 'MACD', 'KDJ', 'RSI']);
  });
});

describe('mainLines', () => {
  it('draws MA5, MA10 and MA30 for SMA, aligned with the bars', () => {
    const lines = mainLines('SMA', bars());
    expect(lines.map((l) => l.label)).toEqual(['MA5', 'MA10', 'MA30']);
    expect(lines.every((l) => l.values.length === 40 && l.format === 'price')).toBe(true);
    // Closes 10…49: the mean of the last five at bar 39 is 47.
    expect(lines[0]!.values[39]).toBe(47);
    expect(lines[2]!.values.findIndex((v) => v !== null)).toBe(29);
  });

  it('draws EMA5, EMA10 and EMA30 for EMA', () => {
    expect(mainLines('EMA', bars()).map((l) => l.label)).toEqual(['EMA5', 'EMA10', 'EMA30']);
  });

  it('draws the middle line and the two bands for BOLL', () => {
    const [middle, upper, lower] = mainLines('BOLL', bars());
    expect([middle!.label, upper!.label, lower!.label]).toEqual(['BOLL', 'UB', 'LB']);
    expect(upper!.values[39]!).toBeGreaterThan(middle!.values[39]!);
    expect(lower!.values[39]!).toBeLessThan(middle!.values[39]!);
  });
});

describe('subLines', () => {
  it('shows VOL as bars coloured by their candle, with MA5 and MA10 of volume', () => {
    const [volume, ma5, ma10] = subLines('VOL', bars());
    expect(volume!.kind).toBe('histogram');
    expect(volume!.values[0]).toBe(100);
    expect(volume!.barColors!.slice(0, 5)).toEqual([upColor, upColor, upColor, upColor, downColor]);
    expect([ma5!.label, ma10!.label]).toEqual(['MA5', 'MA10']);
    expect(ma5!.values[4]).toBe(300);
    expect(volume!.format).toBe('volume');
  });

  it('shows MACD as a histogram green above zero and red below, with DIF and DEA', () => {
    const rising = subLines('MACD', bars());
    expect(rising.map((l) => l.label)).toEqual(['MACD', 'DIF', 'DEA']);
    const falling = subLines('MACD', { ...bars(), close: bars().close.map((c) => 100 - c * c * 0.01) });
    const colors = falling[0]!.barColors!;
    const values = falling[0]!.values;
    for (const [i, v] of values.entries()) {
      if (v !== null) expect(colors[i]).toBe(v >= 0 ? upColor : downColor);
    }
    expect(values.some((v) => v !== null && v < 0)).toBe(true);
  });

  it('shows K, D and J for KDJ, and RSI14 with its 30 and 70 levels', () => {
    expect(subLines('KDJ', bars()).map((l) => l.label)).toEqual(['K', 'D', 'J']);
    const [line] = subLines('RSI', bars());
    expect(line!.label).toBe('RSI14');
    expect(line!.levels).toEqual([30, 70]);
    expect(line!.range).toEqual([0, 100]);
    // Only rises: RSI is 100.
    expect(line!.values[39]).toBe(100);
  });
});

describe('valuesAt', () => {
  it('reads each line at one bar, null where a line is not defined yet', () => {
    const lines = mainLines('SMA', bars());
    expect(valuesAt(lines, 4)).toEqual([12, null, null]);
    expect(valuesAt(lines, 99)).toEqual([null, null, null]);
  });
});
