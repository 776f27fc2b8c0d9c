import { type LadderKey, PriceLadder } from './order-index-ladder';

/**
 * Resting limit orders of every symbol, in price-time priority, so that a tick finds the orders it
 * reaches without scanning the others (DESIGN.md §7): buys best (highest) price first, sells lowest
 * first, earlier sequence first within a price.
 *
 * The database is the truth, this index a cache of it:
 * - at start, `load(rows)` with every order the database holds as open or partially completed; nothing
 *   else survives a restart, so nothing else may be needed to rebuild it;
 * - `add` after the order's row is committed, `remove` after its cancel or last fill is; an order the
 *   index has and the database no longer holds open must be harmless, so the engine re-reads and locks
 *   each crossed order's row in its fill transaction and skips one that is no longer open;
 * - `sequence` is time priority, assigned by the database (the order's serial id), never by the insertion
 *   order here, so a rebuilt index ranks orders exactly as the one it replaces.
 * Prices are the instrument's minor units (bigint), the same scale for every order of one symbol.
 */

export type OrderSide = 'buy' | 'sell';

/** What the index needs of an order; the engine may keep more on it (user, quantity, …). */
export type RestingOrder = {
  readonly id: string;
  readonly symbol: string;
  readonly side: OrderSide;
  /** The limit price. */
  readonly price: bigint;
  /** Time priority: smaller was placed earlier. */
  readonly sequence: bigint;
};

/** Best bid and ask of the market; a last price alone is a touch whose bid and ask are that price. */
export type Touch = { readonly bid: bigint; readonly ask: bigint };

export type Crossed<T> = { readonly buys: T[]; readonly sells: T[] };

type Book<T> = { readonly buys: PriceLadder<T>; readonly sells: PriceLadder<T> };

type Filed<T> = {
  readonly order: T;
  readonly symbol: string;
  readonly side: OrderSide;
  readonly key: LadderKey;
};

export class OrderIndex<T extends RestingOrder = RestingOrder> {
  private readonly books = new Map<string, Book<T>>();
  private readonly filed = new Map<string, Filed<T>>();

  get size(): number {
    return this.filed.size;
  }

  has(id: string): boolean {
    return this.filed.has(id);
  }

  get(id: string): T | undefined {
    return this.filed.get(id)?.order;
  }

  /** Files a resting order; an id already in the index is a bug in the caller. */
  add(order: T): void {
    if (this.filed.has(order.id)) throw new Error(`order ${order.id} is already in the index`);
    // The key is copied: the index files the order where it was when added, whatever happens to the object.
    const key: LadderKey = { price: order.price, sequence: order.sequence, id: order.id };
    const book = this.bookOf(order.symbol);
    (order.side === 'buy' ? book.buys : book.sells).insert(key, order);
    this.filed.set(order.id, { order, symbol: order.symbol, side: order.side, key });
  }

  /** Removes the order (cancelled, filled, closed by the system); undefined when it was not there. */
  remove(id: string): T | undefined {
    const filed = this.filed.get(id);
    if (!filed) return undefined;
    this.filed.delete(id);
    const book = this.books.get(filed.symbol) as Book<T>;
    (filed.side === 'buy' ? book.buys : book.sells).delete(filed.key);
    if (book.buys.size === 0 && book.sells.size === 0) this.books.delete(filed.symbol);
    return filed.order;
  }

  /**
   * The orders a market at `touch` reaches, each side in priority order, left in place (a thin book may
   * fill only some): buys whose limit is at or above the ask, sells whose limit is at or below the bid.
   * O(log n + k) for k orders reached.
   */
  crossed(symbol: string, touch: bigint | Touch): Crossed<T> {
    const book = this.books.get(symbol);
    if (!book) return { buys: [], sells: [] };
    const { bid, ask } = typeof touch === 'bigint' ? { bid: touch, ask: touch } : touch;
    return { buys: book.buys.reached(ask), sells: book.sells.reached(bid) };
  }

  /** The best resting buy and sell limits of a symbol. */
  best(symbol: string): { buy?: bigint; sell?: bigint } {
    const book = this.books.get(symbol);
    return { buy: book?.buys.first()?.price, sell: book?.sells.first()?.price };
  }

  /** Every order of a symbol's side in priority order. O(n). */
  side(symbol: string, side: OrderSide): T[] {
    const book = this.books.get(symbol);
    if (!book) return [];
    return (side === 'buy' ? book.buys : book.sells).values();
  }

  /** Replaces the whole content with `rows` (the open orders the database holds), in any order. */
  load(rows: Iterable<T>): void {
    this.books.clear();
    this.filed.clear();
    for (const row of rows) this.add(row);
  }

  private bookOf(symbol: string): Book<T> {
    let book = this.books.get(symbol);
    if (!book) {
      book = { buys: new PriceLadder<T>('descending'), sells: new PriceLadder<T>('ascending') };
      this.books.set(symbol, book);
    }
    return book;
  }
}
