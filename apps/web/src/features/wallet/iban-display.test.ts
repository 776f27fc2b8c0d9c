import { describe, expect, it } from 'vitest';
import { ibanForDisplay } from './iban-display';

describe('an IBAN on screen', () => {
  it('reads in groups of four, the last one shorter', () => {
    expect(ibanForDisplay('IT60X0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
  });

  it('is the same whatever spacing and case it was typed with', () => {
    expect(ibanForDisplay('de89 3704 0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
