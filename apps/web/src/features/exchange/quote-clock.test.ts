import { describe, expect, it } from 'vitest';
import { secondsLeft } from './quote-clock';

describe('a quote countdown', () => {
  it('counts whole seconds up, so a quote with 0.2 s left still shows 1', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_800)).toBe(1);
  });

  it('shows 0 once the quote has expired, never a negative number', () => {
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 25_000)).toBe(0);
  });
});
