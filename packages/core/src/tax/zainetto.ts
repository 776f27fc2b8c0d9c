/*
 * The zainetto fiscale: losses realised under the regime amministrato are carried and set against later
 * gains, oldest first, until the end of the fourth year after the one they were realised in (TUIR art. 68 c.5);
 * then they expire. A pure ledger of carried losses, in minor units.
 */

export interface CarriedLoss {
  year: number;
  /** What is left of the loss, positive. */
  remainingMinor: bigint;
}

/** The last year a loss of `year` may be used in. */
export const lastYearUsable = (year: number) => year + 4;

/** Losses still usable in `year`, oldest first; those that expired before it are dropped. */
export function usableIn(losses: readonly CarriedLoss[], year: number): CarriedLoss[] {
  return losses
    .filter((l) => l.remainingMinor > 0n && l.year <= year && lastYearUsable(l.year) >= year)
    .sort((a, b) => a.year - b.year);
}

export interface GainSettled {
  /** The part of the gain that carried losses absorbed. */
  offsetMinor: bigint;
  taxableMinor: bigint;
  losses: CarriedLoss[];
}

/** Sets a gain realised in `year` against the usable carried losses, oldest first. */
export function offsetGain(losses: readonly CarriedLoss[], gainMinor: bigint, year: number): GainSettled {
  if (gainMinor < 0n) throw new RangeError('a gain is ≥ 0; a loss is carried with carryLoss');
  let left = gainMinor;
  const usable = new Set(usableIn(losses, year));
  const ordered = [...losses].sort((a, b) => a.year - b.year);
  const after = ordered.map((loss) => {
    if (!usable.has(loss) || left === 0n) return { ...loss };
    const used = loss.remainingMinor < left ? loss.remainingMinor : left;
    left -= used;
    return { year: loss.year, remainingMinor: loss.remainingMinor - used };
  });
  return {
    offsetMinor: gainMinor - left,
    taxableMinor: left,
    losses: after.filter((l) => l.remainingMinor > 0n),
  };
}

export function carryLoss(losses: readonly CarriedLoss[], lossMinor: bigint, year: number): CarriedLoss[] {
  if (lossMinor <= 0n) throw new RangeError('a loss to carry is > 0');
  const same = losses.find((l) => l.year === year);
  if (same)
    return losses.map((l) =>
      l === same ? { year, remainingMinor: l.remainingMinor + lossMinor } : { ...l },
    );
  return [...losses.map((l) => ({ ...l })), { year, remainingMinor: lossMinor }];
}

/** The tax on a taxable gain at a rate in basis points, rounded to the nearest minor unit (half up). */
export function taxMinor(taxableMinor: bigint, basisPoints: number): bigint {
  return (taxableMinor * BigInt(basisPoints) * 2n + 10_000n) / 20_000n;
}
