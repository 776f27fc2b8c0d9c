/**
 * ISO weekdays (1 Monday … 7 Sunday) as runs of consecutive days, so [1,2,3,4,5] reads "Mon–Fri" and
 * [1,3,4,5] "Mon, Wed–Fri". Unordered or repeated days are sorted and merged first.
 */
export function dayRuns(days: readonly number[]): [number, number][] {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const day of sorted) {
    const last = runs.at(-1);
    if (last && day === last[1] + 1) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}
