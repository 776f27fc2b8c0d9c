/*
 * Weighted average cost (costo medio ponderato), as the regime amministrato computes gains: each purchase
 * adds its quantity and its cost with fees; a sale releases the average cost of what it sells and realises
 * proceeds less fees less that cost. Quantities are the instrument's ledger units, amounts minor units.
 */

export interface CostBasis {
  quantity: bigint;
  costMinor: bigint;
}

export const emptyBasis: CostBasis = { quantity: 0n, costMinor: 0n };

export function afterPurchase(
  basis: CostBasis,
  quantity: bigint,
  amountMinor: bigint,
  feesMinor: bigint,
): CostBasis {
  if (quantity <= 0n || amountMinor < 0n || feesMinor < 0n)
    throw new RangeError('a purchase adds a positive quantity');
  return { quantity: basis.quantity + quantity, costMinor: basis.costMinor + amountMinor + feesMinor };
}

export interface Sale {
  /** The cost released: the average cost of the quantity sold, to the nearest minor unit (half up). */
  costMinor: bigint;
  /** Proceeds less fees less cost: negative for a loss. */
  gainMinor: bigint;
  after: CostBasis;
}

export function sell(basis: CostBasis, quantity: bigint, proceedsMinor: bigint, feesMinor: bigint): Sale {
  if (quantity <= 0n || quantity > basis.quantity)
    throw new RangeError('a sale sells part or all of what is held');
  // The last unit sold releases whatever cost is left, so rounding never leaves cost behind or doubles it.
  const costMinor =
    quantity === basis.quantity
      ? basis.costMinor
      : (basis.costMinor * quantity * 2n + basis.quantity) / (basis.quantity * 2n);
  return {
    costMinor,
    gainMinor: proceedsMinor - feesMinor - costMinor,
    after: { quantity: basis.quantity - quantity, costMinor: basis.costMinor - costMinor },
  };
}
