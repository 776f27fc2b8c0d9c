import { describe, expect, it } from 'vitest';
import { formatChangePercent, formatPrice, formatPriceChange, formatVolume } from './format-quote';

describe('market figures on screen', () => {
  it('prices keep the instrument scale, truncated, in each language', () => {
    expect(formatPrice('14.2369', 3, 'it-IT')).toBe('14,236');
    expect(formatPrice('34567.5', 2, 'it-IT')).toBe('34.567,50');
    expect(formatPrice('34567.5', 2, 'en-US')).toBe('34,567.50');
    expect(formatPrice('0.000123', 6, 'en-US')).toBe('0.000123');
  });

  it('changes carry their sign; an unchanged price has none', () => {
    expect(formatPriceChange('0.236', 3, 'it-IT')).toBe('+0,236');
    expect(formatPriceChange('-1.1', 2, 'en-US')).toBe('-1.10');
    expect(formatPriceChange('0', 3, 'it-IT')).toBe('0,000');
    expect(formatChangePercent('1.68', 'it-IT')).toBe('+1,68%');
    expect(formatChangePercent('-0.35', 'en-US')).toBe('-0.35%');
  });

  it('volumes abbreviate, never rounding up', () => {
    expect(formatVolume('120000000', 'it-IT')).toBe('120M');
    expect(formatVolume('999999', 'en-US')).toBe('999.99K');
    expect(formatVolume('1.23456', 'en-US')).toBe('1.23');
  });
});
