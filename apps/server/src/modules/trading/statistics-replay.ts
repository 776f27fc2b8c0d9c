import { mulDiv } from '@piazza/core/money';

/*
 * The trading results of one currency, replayed from the user's executed fills in the order they happened
 * (decision 013). Pure: no database, no market. Average cost is the rule the order service keeps in
 * stock_positions (order-fills.ts): a buy adds its value and fee to the holding's cost; a sell takes out
 * the cost of the shares it sold in proportion (half-even), all of it with the last share. Realised P&L of
 * a sell fill is its value less its fee less that cost.
 */

export interface ReplayFill {
  orderId: bigint;
  symbol: string;
  /** A delivery is shares that arrived otherwise than by a fill (an IPO, a block trade): `value` is their cost. */
  side: 'buy' | 'sell' | 'delivery';
  /** Shares, quantity minor units. */
  quantity: bigint;
  /** Currency minor units. */
  value: bigint;
  fee: bigint;
  atMs: number;
}

export interface Replay {
  /** What is still held after every fill: shares and their cost (fees included), by symbol. */
  holdings: Map<string, { quantity: bigint; cost: bigint }>;
  /** From here on, only fills at or after `fromMs` count. */
  realisedPnl: bigint;
  fees: bigint;
  boughtValue: bigint;
  soldValue: bigint;
  fills: number;
  /** Realised P&L of each sell order, over its fills in the window. */
  sellPnl: Map<bigint, bigint>;
}

/** Replays `fills` (oldest first); `fromMs` null counts every fill, else those at or after it. */
export function replayFills(fills: readonly ReplayFill[], fromMs: number | null): Replay {
  const r: Replay = {
    holdings: new Map(),
    realisedPnl: 0n,
    fees: 0n,
    boughtValue: 0n,
    soldValue: 0n,
    fills: 0,
    sellPnl: new Map(),
  };
  for (const f of fills) {
    const holding = r.holdings.get(f.symbol) ?? { quantity: 0n, cost: 0n };
    const counted = fromMs === null || f.atMs >= fromMs;
    if (f.side === 'delivery') {
      // Held from now on at what it cost; not a purchase on the market, not a fill.
      holding.quantity += f.quantity;
      holding.cost += f.value;
      r.holdings.set(f.symbol, holding);
      continue;
    }
    if (f.side === 'buy') {
      holding.quantity += f.quantity;
      holding.cost += f.value + f.fee;
      if (counted) r.boughtValue += f.value;
    } else {
      if (holding.quantity < f.quantity) {
        throw new Error(`fills sell ${f.quantity} of ${f.symbol} with ${holding.quantity} held`);
      }
      const costOut =
        holding.quantity === f.quantity
          ? holding.cost
          : mulDiv(holding.cost, f.quantity, holding.quantity, 'halfEven');
      holding.quantity -= f.quantity;
      holding.cost -= costOut;
      if (counted) {
        const pnl = f.value - f.fee - costOut;
        r.realisedPnl += pnl;
        r.soldValue += f.value;
        r.sellPnl.set(f.orderId, (r.sellPnl.get(f.orderId) ?? 0n) + pnl);
      }
    }
    if (counted) {
      r.fees += f.fee;
      r.fills++;
    }
    r.holdings.set(f.symbol, holding);
  }
  return r;
}

/** wins ÷ closed in percent at 2 decimals (minor units: 6667 is 66.67 %), half-even; null when none closed. */
export function winRateBasisPoints(wins: number, closed: number): bigint | null {
  if (closed === 0) return null;
  return mulDiv(BigInt(wins) * 10_000n, 1n, BigInt(closed), 'halfEven');
}
