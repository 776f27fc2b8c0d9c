/*
 * The shape of a journal entry (DESIGN.md §5), checked before anything is written: money is only ever
 * moved, never made or lost, so in every asset the postings of an entry sum to zero.
 */

/** One posting as the rule sees it: the asset of its account and a signed amount in minor units. */
export interface PostingAmount {
  asset: string;
  amount: bigint;
}

/** The first rule an entry breaks; the names are message keys of the ledger's catalogue. */
export type EntryFailure =
  | { failure: 'ledger.tooFewPostings' }
  | { failure: 'ledger.zeroAmount'; asset: string }
  | { failure: 'ledger.unbalanced'; asset: string };

/**
 * Null when the postings make a balanced entry: at least two (an empty or one-sided entry moves nothing
 * from anywhere), none zero (a zero posting records a movement that did not happen), and per asset a sum
 * of zero. Otherwise the first rule broken, naming the asset at fault (the first in posting order).
 */
export function checkBalanced(postings: readonly PostingAmount[]): EntryFailure | null {
  if (postings.length < 2) return { failure: 'ledger.tooFewPostings' };
  const sums = new Map<string, bigint>();
  for (const { asset, amount } of postings) {
    if (amount === 0n) return { failure: 'ledger.zeroAmount', asset };
    sums.set(asset, (sums.get(asset) ?? 0n) + amount);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n) return { failure: 'ledger.unbalanced', asset };
  }
  return null;
}
