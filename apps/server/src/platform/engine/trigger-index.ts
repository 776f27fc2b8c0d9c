import { SidedLadders } from './sided-ladders';

/**
 * Price triggers of every symbol — take profit and stop loss on holdings and positions, liquidation
 * prices of leveraged positions — each firing once when the price reaches its level from one direction,
 * found per tick without scanning the others (DESIGN.md §7).
 *
 * Which direction each fires in:
 * - long (a holding, a long contract): take profit `at-or-above`, stop loss and liquidation `at-or-below`;
 * - short contract: take profit `at-or-below`, stop loss and liquidation `at-or-above`.
 * One index watches one price. An engine that closes longs at the bid and shorts at the ask keeps two
 * indexes, feeding each its price; one that marks positions at the last or mark price keeps one.
 *
 * Like the order index, a cache of the database: `load(rows)` at start with every armed trigger, `add`
 * after a trigger's row is committed (a level changed, e.g. margin added, is `remove` then `add`), and a
 * fired trigger is acted on only after the engine re-reads its row and finds it still armed at that level,
 * so a stale entry does nothing. `sequence` comes from the database and orders triggers at one level.
 */

/** `at-or-above`: fires when the price is at or above the level; `at-or-below`: the mirror. */
export type TriggerDirection = 'at-or-above' | 'at-or-below';

/** What the index needs of a trigger; the engine may keep more on it (kind, position, user, …). */
export type PriceTrigger = {
  readonly id: string;
  readonly symbol: string;
  readonly fires: TriggerDirection;
  /** The price that fires it, in the instrument's minor units. */
  readonly level: bigint;
  /** Order among triggers at one level: smaller was armed earlier. */
  readonly sequence: bigint;
};

export class TriggerIndex<T extends PriceTrigger = PriceTrigger> {
  // A rising price passes the lowest `at-or-above` level first; a falling one the highest `at-or-below`.
  private readonly entries = new SidedLadders<T, TriggerDirection>(
    { 'at-or-above': 'ascending', 'at-or-below': 'descending' },
    'trigger',
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

  /** Arms a trigger; an id already in the index is a bug in the caller. */
  add(trigger: T): void {
    this.entries.add(trigger, trigger.symbol, trigger.fires, trigger.level, trigger.sequence);
  }

  /** Disarms a trigger (position closed, level changed); undefined when it was not there. */
  remove(id: string): T | undefined {
    return this.entries.remove(id);
  }

  /**
   * Takes out and returns every trigger of `symbol` that `price` reaches: first the `at-or-above` ones,
   * lowest level first (the order a rising price passes them), then the `at-or-below` ones, highest level
   * first; by sequence within a level. O(log n) when nothing fires, O(k log n) for k fired.
   */
  fire(symbol: string, price: bigint): T[] {
    const fired = this.entries.ladder(symbol, 'at-or-above')?.takeReached(price) ?? [];
    const below = this.entries.ladder(symbol, 'at-or-below')?.takeReached(price) ?? [];
    for (const trigger of below) fired.push(trigger);
    if (fired.length > 0) this.entries.forget(symbol, fired);
    return fired;
  }

  /**
   * The nearest armed levels of a symbol: the lowest `at-or-above` and the highest `at-or-below`. While the
   * price stays strictly between them nothing can fire.
   */
  nearest(symbol: string): { above?: bigint; below?: bigint } {
    return {
      above: this.entries.ladder(symbol, 'at-or-above')?.first()?.price,
      below: this.entries.ladder(symbol, 'at-or-below')?.first()?.price,
    };
  }

  /** Replaces the whole content with `rows` (the armed triggers the database holds), in any order. */
  load(rows: Iterable<T>): void {
    this.entries.clear();
    for (const row of rows) this.add(row);
  }
}
