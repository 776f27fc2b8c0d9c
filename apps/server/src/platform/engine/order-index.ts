import { SidedLadders } from './sided-ladders';

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

export class OrderIndex<T extends RestingOrder = RestingOrder> {
  private readonly entries = new SidedLadders<T, OrderSide>(
    { buy: 'descending', sell: 'ascending' },
    'order',
  );

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  get(id: string): T | undefined {
    return this.entries.get(id);
  }

  /** Files a resting order; an id already in the index is a bug in the caller. */
  add(order: T): void {
    this.entries.add(order, order.symbol, order.side, order.price, order.sequence);
  }

  /** Removes the order (cancelled, filled, closed by the system); undefined when it was not there. */
  remove(id: string): T | undefined {
    return this.entries.remove(id);
  }

  /**
   * The orders a market at `touch` reaches, each side in priority order, left in place (a thin book may
   * fill only some): buys whose limit is at or above the ask, sells whose limit is at or below the bid.
   * O(log n + k) for k orders reached.
   */
  crossed(symbol: string, touch: bigint | Touch): Crossed<T> {
    const { bid, ask } = typeof touch === 'bigint' ? { bid: touch, ask: touch } : touch;
    return {
      buys: this.entries.ladder(symbol, 'buy')?.reached(ask) ?? [],
      sells: this.entries.ladder(symbol, 'sell')?.reached(bid) ?? [],
    };
  }

  /** The best resting buy and sell limits of a symbol. */
  best(symbol: string): { buy?: bigint; sell?: bigint } {
    return {
      buy: this.entries.ladder(symbol, 'buy')?.first()?.price,
      sell: this.entries.ladder(symbol, 'sell')?.first()?.price,
    };
  }

  /** Every order of a symbol's side in priority order. O(n). */
  side(symbol: string, side: OrderSide): T[] {
    return this.entries.ladder(symbol, side)?.values() ?? [];
  }

  /** Replaces the whole content with `rows` (the open orders the database holds), in any order. */
  load(rows: Iterable<T>): void {
    this.entries.clear();
    for (const row of rows) this.add(row);
  }
}
