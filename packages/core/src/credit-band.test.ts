import { describe, expect, it } from 'vitest';
import { creditBand } from './credit-band';

describe('creditBand', () => {
  it('puts each edge of the bands where the spec says', () => {
    expect(creditBand(100)).toBe('excellent');
    expect(creditBand(80)).toBe('excellent');
    expect(creditBand(79)).toBe('qualified');
    expect(creditBand(60)).toBe('qualified');
    expect(creditBand(59)).toBe('risk');
    expect(creditBand(0)).toBe('risk');
  });

  it('gives every score from 0 to 100 exactly the band of its range', () => {
    for (let s = 0; s <= 100; s++) {
      expect(creditBand(s)).toBe(s >= 80 ? 'excellent' : s >= 60 ? 'qualified' : 'risk');
    }
  });

  it('clamps what is outside 0–100', () => {
    expect(creditBand(140)).toBe('excellent');
    expect(creditBand(-5)).toBe('risk');
  });
});
