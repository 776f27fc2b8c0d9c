import { describe, expect, it } from 'vitest';
import { maxWithdrawable, withdrawalFee } from './withdrawal-fee';

describe('the fee of a withdrawal', () => {
  it('is the fixed part plus the rate of the amount', () => {
    // EUR 250.00 at 1.00 + 0.5 %: 1.00 + 1.25 = 2.25.
    expect(withdrawalFee(25_000n, { feeFixedMinor: 100n, feeRateBp: 50 })).toBe(225n);
  });

  it('rounds the rate part up to the cent, as the server does', () => {
    // EUR 100.01 at 0.5 %: 0.50005 → 0.51.
    expect(withdrawalFee(10_001n, { feeFixedMinor: 0n, feeRateBp: 50 })).toBe(51n);
  });

  it('is only the fixed part when the rate is nil', () => {
    expect(withdrawalFee(5_000_000n, { feeFixedMinor: 1_000_000n, feeRateBp: 0 })).toBe(1_000_000n);
  });
});

describe('the most that can be withdrawn', () => {
  it('leaves room for the fee out of the same balance', () => {
    const rule = { feeFixedMinor: 100n, feeRateBp: 50 };
    // EUR 1,000.00 available: 994.02 + fee (1.00 + 4.98) = 1,000.00; one cent more does not fit.
    const max = maxWithdrawable(100_000n, rule);
    expect(max + withdrawalFee(max, rule)).toBeLessThanOrEqual(100_000n);
    expect(max + 1n + withdrawalFee(max + 1n, rule)).toBeGreaterThan(100_000n);
    expect(max).toBe(99_402n);
  });

  it('is nothing when the balance does not cover the fixed fee', () => {
    expect(maxWithdrawable(99n, { feeFixedMinor: 100n, feeRateBp: 0 })).toBe(0n);
    expect(maxWithdrawable(100n, { feeFixedMinor: 100n, feeRateBp: 0 })).toBe(0n);
  });

  it('is the whole balance when withdrawing is free', () => {
    expect(maxWithdrawable(12_345n, { feeFixedMinor: 0n, feeRateBp: 0 })).toBe(12_345n);
  });
});
