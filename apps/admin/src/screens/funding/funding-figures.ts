import { formatAmount, parseAmount } from '@piazza/core/money';

/*
 * The few figures the money screens work out themselves, exactly and without floats; everything else they
 * show is the server's.
 */

const decimalsOf = (text: string) => text.split('.')[1]?.length ?? 0;

/** amount + fee, at the finer of the two scales: what left the investor's balance when the request froze it. */
export function debitedAmount(amount: string, fee: string): string | null {
  const scale = Math.max(decimalsOf(amount), decimalsOf(fee));
  const a = parseAmount(amount, scale);
  const f = parseAmount(fee, scale);
  return a === null || f === null ? null : formatAmount(a + f, scale);
}

/** An IBAN in groups of four, as it is printed and read aloud; other destinations exactly as stored. */
export function readableDestination(method: 'bank' | 'wallet' | 'crypto', destination: string): string {
  return method === 'bank' ? destination.replace(/(.{4})(?=.)/g, '$1 ') : destination;
}

/** Basis points as a percentage with two decimals, in integers: 125 → '1.25', 5 → '0.05'. */
export function percentOfBp(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/** ISO weekdays grouped into runs of consecutive days: [1,2,3,5,6] → [[1,3],[5,6]]; a lone day is [d,d]. */
export function dayRuns(days: readonly number[]): [number, number][] {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const d of sorted) {
    const last = runs.at(-1);
    if (last && d === last[1] + 1) last[1] = d;
    else runs.push([d, d]);
  }
  return runs;
}
