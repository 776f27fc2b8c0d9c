import { formatAmount, mulDiv } from '../money';

/** One slice of the account by asset class, EUR minor units. */
export interface AllocationPart<C extends string> {
  assetClass: C;
  eurMinor: bigint;
}

export interface AllocationSlice<C extends string> extends AllocationPart<C> {
  /** Its share of everything held, 6 decimals ("0.250000" is 25 %). */
  fraction: string;
}

/**
 * The account by asset class: parts of one class summed, empty and negative classes left out (a contract
 * losing more than its margin is shown in the total, not as a negative slice), largest first, each with
 * its share of the positive sum.
 */
export function allocationOf<C extends string>(parts: readonly AllocationPart<C>[]): AllocationSlice<C>[] {
  const byClass = new Map<C, bigint>();
  for (const p of parts) byClass.set(p.assetClass, (byClass.get(p.assetClass) ?? 0n) + p.eurMinor);
  const positive = [...byClass].filter(([, minor]) => minor > 0n);
  const total = positive.reduce((sum, [, minor]) => sum + minor, 0n);
  return positive
    .sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : a[0].localeCompare(b[0])))
    .map(([assetClass, eurMinor]) => ({
      assetClass,
      eurMinor,
      fraction: formatAmount(mulDiv(eurMinor, 10n ** 6n, total, 'halfEven'), 6),
    }));
}
