import { mulDiv } from '@piazza/core/money';

/** A withdrawal's fee rule as the server states it, in minor units of the asset. */
export interface FeeRule {
  feeFixedMinor: bigint;
  /** Basis points of the amount: 50 is 0.5 %. */
  feeRateBp: number;
}

/**
 * The fee of withdrawing `amountMinor`: the fixed part plus the rate of the amount rounded up to the minor
 * unit, the same rule the server applies, so the form shows what will be frozen before it is sent.
 */
export function withdrawalFee(amountMinor: bigint, rule: FeeRule): bigint {
  return rule.feeFixedMinor + mulDiv(amountMinor, BigInt(rule.feeRateBp), 10_000n, 'ceil');
}

/**
 * The most that can be withdrawn from `availableMinor` when the fee comes out of the same balance: the
 * largest amount with amount + fee ≤ available, or 0 when not even the fixed fee is covered.
 */
export function maxWithdrawable(availableMinor: bigint, rule: FeeRule): bigint {
  const room = availableMinor - rule.feeFixedMinor;
  if (room <= 0n) return 0n;
  // amount × (1 + bp/10000) ≤ room, then step down past the rounding of the rate part.
  let amount = mulDiv(room, 10_000n, 10_000n + BigInt(rule.feeRateBp), 'floor');
  while (amount > 0n && amount + withdrawalFee(amount, rule) > availableMinor) amount -= 1n;
  return amount;
}
