import { describe, expect, it } from 'vitest';
import { periodStartMs } from './bill-periods';

describe('bill periods', () => {
  const now = Date.UTC(2026, 10, 21, 10, 0, 0);

  it('are rolling windows ending now', () => {
    expect(periodStartMs('7d', now)).toBe(Date.UTC(2026, 10, 14, 10, 0, 0));
    expect(periodStartMs('30d', now)).toBe(Date.UTC(2026, 9, 22, 10, 0, 0));
    expect(periodStartMs('365d', now)).toBe(Date.UTC(2025, 10, 21, 10, 0, 0));
  });

  it('have no start for all time', () => {
    expect(periodStartMs('all', now)).toBeUndefined();
  });
});
