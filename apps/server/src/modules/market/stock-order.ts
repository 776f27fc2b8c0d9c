import type { Quoted } from './market-rows';

export type StockSort = 'change' | 'volume' | 'name' | 'price';
export type SortOrder = 'asc' | 'desc';

/** Change from the previous close in hundredths of a percent, truncated: the number the app shows. */
export function changeBasisPoints(q: Quoted): bigint {
  const { last, prevClose } = q.quote;
  return prevClose > 0n ? ((last - prevClose) * 10_000n) / prevClose : 0n;
}

function sign(x: bigint): number {
  return x < 0n ? -1 : x > 0n ? 1 : 0;
}

/** Last prices compared across price scales (3 or 4 decimals in Milan) without leaving integers. */
function comparePrice(a: Quoted, b: Quoted): number {
  const scaleA = BigInt(a.instrument.priceScale);
  const scaleB = BigInt(b.instrument.priceScale);
  return sign(a.quote.last * 10n ** scaleB - b.quote.last * 10n ** scaleA);
}

const byName = (a: Quoted, b: Quoted) => a.instrument.name.localeCompare(b.instrument.name, 'it');
const bySymbol = (a: Quoted, b: Quoted) =>
  a.instrument.symbol < b.instrument.symbol ? -1 : a.instrument.symbol > b.instrument.symbol ? 1 : 0;

const comparators: Record<StockSort, (a: Quoted, b: Quoted) => number> = {
  change: (a, b) => sign(changeBasisPoints(a) - changeBasisPoints(b)),
  volume: (a, b) => sign(a.quote.volume - b.quote.volume),
  name: byName,
  price: comparePrice,
};

/** Names run A to Z by default; numbers highest first. */
export function defaultOrder(sort: StockSort): SortOrder {
  return sort === 'name' ? 'asc' : 'desc';
}

/** Sorted by the key in the order asked, ties by symbol (always A to Z) so pages never overlap. */
export function sortQuoted(rows: readonly Quoted[], sort: StockSort, order: SortOrder): Quoted[] {
  const compare = comparators[sort];
  const direction = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => direction * compare(a, b) || bySymbol(a, b));
}

/** The movers: largest change either way first, ties by symbol. */
export function hottest(rows: readonly Quoted[], count: number): Quoted[] {
  const size = (q: Quoted) => {
    const bp = changeBasisPoints(q);
    return bp < 0n ? -bp : bp;
  };
  return [...rows].sort((a, b) => sign(size(b) - size(a)) || bySymbol(a, b)).slice(0, count);
}
