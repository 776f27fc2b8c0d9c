/*
 * Strategies of the managed products (DESIGN.md §9, issue 13): pure functions from bars to target
 * positions. A target is the fraction of the book's value each instrument should hold after the close of a
 * bar, decided from that bar and the ones before it only; the book holds it over the next bar. Weights are
 * long-only (the books trade spot through the investors' order path) and sum to at most 1, the rest cash.
 * Prices and weights are display figures here, not money: books turn them into whole orders in minor units.
 */

export interface Bar {
  high: number;
  low: number;
  close: number;
}

/** Bars per instrument, oldest first, aligned by index (bar i of every instrument closes at the same time). */
export type BarsBySymbol = Readonly<Record<string, readonly Bar[]>>;

/** Target weights per bar: element i is decided at bar i's close; an instrument left out holds nothing. */
export type Targets = Record<string, number>[];

/** The long/flat signal of one instrument, per bar: 0 out, 1 fully in (fractions in between allowed). */
export type Signal = (bars: readonly Bar[]) => number[];

/** How many bars a series has in common across instruments; refuses misaligned inputs. */
export function commonLength(bars: BarsBySymbol): number {
  const lengths = Object.values(bars).map((b) => b.length);
  if (lengths.length === 0) return 0;
  if (lengths.some((n) => n !== lengths[0])) throw new RangeError('bars of every instrument must be aligned');
  return lengths[0] ?? 0;
}

/** A one-instrument signal run on each instrument of a basket, each given an equal share of the book. */
export function onBasket(signal: Signal, bars: BarsBySymbol): Targets {
  const symbols = Object.keys(bars);
  const n = commonLength(bars);
  const bySymbol = symbols.map((s) => signal(bars[s] ?? []));
  return Array.from({ length: n }, (_, i) => {
    const weights: Record<string, number> = {};
    symbols.forEach((s, k) => {
      const w = bySymbol[k]?.[i] ?? 0;
      if (w > 0) weights[s] = w / symbols.length;
    });
    return weights;
  });
}

export const closesOf = (bars: readonly Bar[]): number[] => bars.map((b) => b.close);
