import { type BarsBySymbol, commonLength, type Targets } from './strategy';

/*
 * Replays targets over bars: at each bar's close the book trades to that bar's target weights, paying
 * `feeRate` on the value it trades, and holds them over the next bar. Returns are fractions of the book;
 * turning them into money (an investor's amount) is `replayAmount`'s, in minor units.
 */

/** A round trip in one instrument: from the close its weight left zero to the close it came back to zero. */
export interface RoundTrip {
  symbol: string;
  entryIndex: number;
  exitIndex: number;
  entryPrice: number;
  exitPrice: number;
  /** exitPrice ÷ entryPrice, less the fee paid on the value traded at each end, − 1. */
  returnNet: number;
}

export interface Backtest {
  /** Element i: the book's return from bar i−1's close to bar i's (from the start for bar 0), fees included. */
  periodReturns: number[];
  /** The book's value at each bar's close, after that bar's trading, from 1 at the start. */
  equity: number[];
  roundTrips: RoundTrip[];
  /** Fees paid over the whole replay, as a fraction of the starting value. */
  feesPaid: number;
}

export function backtest(bars: BarsBySymbol, targets: Targets, feeRate: number): Backtest {
  const n = commonLength(bars);
  if (targets.length !== n) throw new RangeError('one target per bar');
  if (!(feeRate >= 0 && feeRate < 1)) throw new RangeError('the fee rate is a fraction in [0, 1)');
  const symbols = Object.keys(bars);
  const close = (s: string, i: number) => bars[s]?.[i]?.close ?? 0;

  let value = 1;
  let feesPaid = 0;
  let held: Record<string, number> = {};
  const opened = new Map<string, number>();
  const equity: number[] = [];
  const periodReturns: number[] = [];
  const roundTrips: RoundTrip[] = [];

  for (let i = 0; i < n; i++) {
    const before = value;
    if (i > 0) {
      // Since the last close the held weights moved with their prices; cash stayed as it was.
      const moved: Record<string, number> = {};
      let grown = 1 - symbols.reduce((sum, s) => sum + (held[s] ?? 0), 0);
      for (const s of symbols) {
        const previous = close(s, i - 1);
        moved[s] = (held[s] ?? 0) * (previous > 0 ? close(s, i) / previous : 1);
        grown += moved[s] ?? 0;
      }
      value *= grown;
      for (const s of symbols) moved[s] = grown > 0 ? (moved[s] ?? 0) / grown : 0;
      held = moved;
    }
    const target = targets[i] ?? {};
    const turnover = symbols.reduce((sum, s) => sum + Math.abs((target[s] ?? 0) - (held[s] ?? 0)), 0);
    const fee = value * turnover * feeRate;
    feesPaid += fee;
    value -= fee;
    for (const s of symbols) {
      const was = (held[s] ?? 0) > 0;
      const is = (target[s] ?? 0) > 0;
      if (!was && is) opened.set(s, i);
      if (was && !is) {
        const entryIndex = opened.get(s) ?? i;
        opened.delete(s);
        const entryPrice = close(s, entryIndex);
        const exitPrice = close(s, i);
        roundTrips.push({
          symbol: s,
          entryIndex,
          exitIndex: i,
          entryPrice,
          exitPrice,
          returnNet: (exitPrice / entryPrice) * (1 - feeRate) ** 2 - 1,
        });
      }
    }
    held = { ...target };
    equity.push(value);
    periodReturns.push(value / before - 1);
  }
  return { periodReturns, equity, roundTrips, feesPaid };
}
