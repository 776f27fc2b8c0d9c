import { type LadderKey, PriceLadder } from './order-index-ladder';

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

type Sides<T> = { readonly above: PriceLadder<T>; readonly below: PriceLadder<T> };

type Filed<T> = {
  readonly trigger: T;
  readonly symbol: string;
  readonly fires: TriggerDirection;
  readonly key: LadderKey;
};

export class TriggerIndex<T extends PriceTrigger = PriceTrigger> {
  private readonly sides = new Map<string, Sides<T>>();
  private readonly filed = new Map<string, Filed<T>>();

  get size(): number {
    return this.filed.size;
  }

  has(id: string): boolean {
    return this.filed.has(id);
  }

  get(id: string): T | undefined {
    return this.filed.get(id)?.trigger;
  }

  /** Arms a trigger; an id already in the index is a bug in the caller. */
  add(trigger: T): void {
    if (this.filed.has(trigger.id)) throw new Error(`trigger ${trigger.id} is already in the index`);
    const key: LadderKey = { price: trigger.level, sequence: trigger.sequence, id: trigger.id };
    const sides = this.sidesOf(trigger.symbol);
    (trigger.fires === 'at-or-above' ? sides.above : sides.below).insert(key, trigger);
    this.filed.set(trigger.id, { trigger, symbol: trigger.symbol, fires: trigger.fires, key });
  }

  /** Disarms a trigger (position closed, level changed); undefined when it was not there. */
  remove(id: string): T | undefined {
    const filed = this.filed.get(id);
    if (!filed) return undefined;
    this.filed.delete(id);
    const sides = this.sides.get(filed.symbol) as Sides<T>;
    (filed.fires === 'at-or-above' ? sides.above : sides.below).delete(filed.key);
    this.dropIfEmpty(filed.symbol, sides);
    return filed.trigger;
  }

  /**
   * Takes out and returns every trigger of `symbol` that `price` reaches: first the `at-or-above` ones,
   * lowest level first (the order a rising price passes them), then the `at-or-below` ones, highest level
   * first; by sequence within a level. O(log n) when nothing fires, O(k log n) for k fired.
   */
  fire(symbol: string, price: bigint): T[] {
    const sides = this.sides.get(symbol);
    if (!sides) return [];
    const fired = sides.above.takeReached(price);
    const below = sides.below.takeReached(price);
    for (const trigger of below) fired.push(trigger);
    if (fired.length === 0) return fired;
    for (const trigger of fired) this.filed.delete(trigger.id);
    this.dropIfEmpty(symbol, sides);
    return fired;
  }

  /**
   * The nearest armed levels of a symbol: the lowest `at-or-above` and the highest `at-or-below`. While the
   * price stays strictly between them nothing can fire.
   */
  nearest(symbol: string): { above?: bigint; below?: bigint } {
    const sides = this.sides.get(symbol);
    return { above: sides?.above.first()?.price, below: sides?.below.first()?.price };
  }

  /** Replaces the whole content with `rows` (the armed triggers the database holds), in any order. */
  load(rows: Iterable<T>): void {
    this.sides.clear();
    this.filed.clear();
    for (const row of rows) this.add(row);
  }

  private sidesOf(symbol: string): Sides<T> {
    let sides = this.sides.get(symbol);
    if (!sides) {
      // A rising price passes the lowest `at-or-above` level first; a falling one the highest `at-or-below`.
      sides = { above: new PriceLadder<T>('ascending'), below: new PriceLadder<T>('descending') };
      this.sides.set(symbol, sides);
    }
    return sides;
  }

  private dropIfEmpty(symbol: string, sides: Sides<T>): void {
    if (sides.above.size === 0 && sides.below.size === 0) this.sides.delete(symbol);
  }
}
