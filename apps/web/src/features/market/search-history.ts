/** How many past searches the search page keeps (searchHistoryData, SPEC §3). */
export const searchHistoryMax = 10;

/**
 * The history after searching `term`: it moves to the front, an earlier search of the same words (in any
 * case or spacing) is dropped, and only the latest ten are kept. A blank term changes nothing.
 */
export function rememberSearch(history: readonly string[], term: string): string[] {
  const clean = term.trim().replace(/\s+/g, ' ');
  if (!clean) return [...history];
  const same = (other: string) => other.trim().replace(/\s+/g, ' ').toLowerCase() === clean.toLowerCase();
  return [clean, ...history.filter((other) => !same(other))].slice(0, searchHistoryMax);
}
