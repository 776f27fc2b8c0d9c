import { type LadderDirection, type LadderKey, PriceLadder } from './order-index-ladder';

/**
 * Entries filed by id on one of two price ladders per symbol: the bookkeeping the order index (buy and
 * sell sides) and the trigger index (above and below) share. The key is copied when an entry is filed, so
 * the index finds it where it was filed whatever later happens to the entry object.
 */
export class SidedLadders<T extends { readonly id: string }, S extends string> {
  private readonly bySymbol = new Map<string, Record<S, PriceLadder<T>>>();
  private readonly filed = new Map<
    string,
    { readonly entry: T; readonly symbol: string; readonly side: S; readonly key: LadderKey }
  >();

  /** `directions` orders each side: the entry a moving price reaches first comes first. */
  constructor(
    private readonly directions: Readonly<Record<S, LadderDirection>>,
    /** What an entry is called in the error for a duplicate id ('order', 'trigger'). */
    private readonly what: string,
  ) {}

  get size(): number {
    return this.filed.size;
  }

  has(id: string): boolean {
    return this.filed.has(id);
  }

  get(id: string): T | undefined {
    return this.filed.get(id)?.entry;
  }

  /** Files an entry; an id already in the index is a bug in the caller. */
  add(entry: T, symbol: string, side: S, price: bigint, sequence: bigint): void {
    if (this.filed.has(entry.id)) throw new Error(`${this.what} ${entry.id} is already in the index`);
    const key: LadderKey = { price, sequence, id: entry.id };
    this.laddersOf(symbol)[side].insert(key, entry);
    this.filed.set(entry.id, { entry, symbol, side, key });
  }

  /** Takes an entry out; undefined when it was not there. */
  remove(id: string): T | undefined {
    const filed = this.filed.get(id);
    if (!filed) return undefined;
    this.filed.delete(id);
    this.bySymbol.get(filed.symbol)?.[filed.side].delete(filed.key);
    this.dropIfEmpty(filed.symbol);
    return filed.entry;
  }

  /** One side of a symbol, or undefined when the symbol has no entries. */
  ladder(symbol: string, side: S): PriceLadder<T> | undefined {
    return this.bySymbol.get(symbol)?.[side];
  }

  /** Forgets entries a ladder gave up (`takeReached`), dropping the symbol once it has none. */
  forget(symbol: string, taken: readonly T[]): void {
    for (const entry of taken) this.filed.delete(entry.id);
    this.dropIfEmpty(symbol);
  }

  clear(): void {
    this.bySymbol.clear();
    this.filed.clear();
  }

  private laddersOf(symbol: string): Record<S, PriceLadder<T>> {
    let ladders = this.bySymbol.get(symbol);
    if (!ladders) {
      const sides = Object.keys(this.directions) as S[];
      ladders = Object.fromEntries(
        sides.map((side) => [side, new PriceLadder<T>(this.directions[side])]),
      ) as Record<S, PriceLadder<T>>;
      this.bySymbol.set(symbol, ladders);
    }
    return ladders;
  }

  private dropIfEmpty(symbol: string): void {
    const ladders = this.bySymbol.get(symbol);
    if (ladders && Object.values<PriceLadder<T>>(ladders).every((l) => l.size === 0))
      this.bySymbol.delete(symbol);
  }
}
