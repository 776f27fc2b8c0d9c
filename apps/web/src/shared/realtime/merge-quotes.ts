import type { QuoteWire } from '@piazza/contract/market';

/** The quote fields a list row may carry; the live quote replaces those it has. */
type QuoteFields = Partial<Omit<QuoteWire, 'symbol'>>;

/**
 * `row` with the fields of its live `quote` laid over it, or `row` itself when there is no quote or the
 * quote is older than the row (a list fetched again after the last tick, say at the close, knows better).
 * Only the fields the row already has are replaced: a row shape without `open` does not grow one.
 */
export function withLiveQuote<R extends { symbol: string } & QuoteFields>(
  row: R,
  quote: QuoteWire | undefined,
): R {
  if (!quote || quote.symbol !== row.symbol) return row;
  if (row.time !== undefined && quote.time < row.time) return row;
  const merged: Record<string, unknown> = { ...row };
  for (const key of Object.keys(quote) as (keyof QuoteWire)[]) {
    if (key !== 'symbol' && key in row) merged[key] = quote[key];
  }
  return merged as R;
}

/** The rows of a fetched list (TanStack Query data) with the live quotes of their symbols laid over them. */
export function withLiveQuotes<R extends { symbol: string } & QuoteFields>(
  rows: readonly R[],
  quotes: ReadonlyMap<string, QuoteWire>,
): R[] {
  return rows.map((row) => withLiveQuote(row, quotes.get(row.symbol)));
}
