import type { RoundTrip } from './backtest';

/*
 * The round trips of a book's executed fills (issue 13: the hit rate is "the share of winning trades", measured
 * from what the book really did). A round trip in one instrument runs from the fill that took the position off
 * zero to the fill that brought it back; its return is what the sells brought in, after their fees, over what
 * the buys cost, with theirs. A position still open is no round trip yet.
 */

export interface ExecutedFill {
  symbol: string;
  side: 'buy' | 'sell';
  /** Quantity minor units. */
  quantity: bigint;
  /** Value and fee in the currency's minor units. */
  value: bigint;
  fee: bigint;
}

export function roundTripsOf(fills: readonly ExecutedFill[]): RoundTrip[] {
  const open = new Map<string, { position: bigint; cost: bigint; proceeds: bigint; entry: number }>();
  const trips: RoundTrip[] = [];
  fills.forEach((f, i) => {
    const state = open.get(f.symbol) ?? { position: 0n, cost: 0n, proceeds: 0n, entry: i };
    if (state.position === 0n) Object.assign(state, { cost: 0n, proceeds: 0n, entry: i });
    if (f.side === 'buy') {
      state.position += f.quantity;
      state.cost += f.value + f.fee;
    } else {
      state.position -= f.quantity;
      state.proceeds += f.value - f.fee;
    }
    open.set(f.symbol, state);
    if (state.position <= 0n && state.cost > 0n) {
      trips.push({
        symbol: f.symbol,
        entryIndex: state.entry,
        exitIndex: i,
        entryPrice: Number(state.cost),
        exitPrice: Number(state.proceeds),
        returnNet: Number(state.proceeds) / Number(state.cost) - 1,
      });
      state.position = 0n;
    }
  });
  return trips;
}
