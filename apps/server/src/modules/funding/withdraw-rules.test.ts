import { describe, expect, it } from 'vitest';
import { withdrawalFee } from './withdraw-rules';

describe('withdrawal fee', () => {
  it('is the fixed part plus the rate of the amount, rounded up to the minor unit', () => {
    // 100.00 EUR at 1.00 + 0.50 %: 1.00 + 0.50 = 1.50.
    expect(withdrawalFee({ feeFixed: 100n, feeRateBp: 50 }, 10_000n)).toBe(150n);
    // 10.01 EUR at 0.50 %: 0.05005 rounds up to 0.06; the platform never charges less than its rate.
    expect(withdrawalFee({ feeFixed: 0n, feeRateBp: 50 }, 1_001n)).toBe(6n);
    expect(withdrawalFee({ feeFixed: 0n, feeRateBp: 0 }, 1_001n)).toBe(0n);
  });
});
