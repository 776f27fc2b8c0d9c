import type { Language } from '@piazza/contract/wire';
import { compareDecimal, isDecimal } from './decimal-order';
import type { MarketRow } from './market-row';

export const sortKeys = ['change', 'price', 'volume', 'name'] as const;
export type SortKey = (typeof sortKeys)[number];
export type SortDirection = 'desc' | 'asc';

export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}

/** Lists open as the markets show them: the best performers first. */
export const defaultSortOrder: SortOrder = { key: 'change', direction: 'desc' };

/**
 * The next order when `key` is tapped: the same key flips its direction, a new key starts where a reader
 * expects it (names A to Z, numbers largest first).
 */
export function nextSortOrder(current: SortOrder, key: SortKey): SortOrder {
  if (current.key === key) return { key, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  return { key, direction: key === 'name' ? 'asc' : 'desc' };
}

const figure: Record<Exclude<SortKey, 'name'>, (row: MarketRow) => string> = {
  change: (row) => row.changePercent,
  price: (row) => row.last,
  volume: (row) => row.volume,
};

/**
 * `rows` in `order`, a new array. Rows without the figure stay last in both directions; ties keep the
 * symbol order so a list does not shuffle between refreshes.
 */
export function sortRows(rows: readonly MarketRow[], order: SortOrder, language: Language): MarketRow[] {
  const sign = order.direction === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const missing = (row: MarketRow) => order.key !== 'name' && !isDecimal(figure[order.key](row));
  return [...rows].sort((a, b) => {
    const absent = Number(missing(a)) - Number(missing(b));
    if (absent !== 0) return absent;
    const primary =
      order.key === 'name'
        ? collator.compare(a.name, b.name)
        : compareDecimal(figure[order.key](a), figure[order.key](b));
    return primary * sign || a.symbol.localeCompare(b.symbol);
  });
}
