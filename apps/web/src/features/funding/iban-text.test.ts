import { describe, expect, it } from 'vitest';
import { groupIban, maskIban } from './iban-text';

describe('an IBAN on screen', () => {
  it('reads in groups of four, the last group as long as it is', () => {
    expect(groupIban('IT60X0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(groupIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('is masked to its country, check digits and last four', () => {
    expect(maskIban('IT51X0300203280000400162854')).toBe('IT51 … 2854');
    expect(maskIban('SHORT')).toBe('SHORT');
  });
});
