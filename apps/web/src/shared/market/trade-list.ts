import type { TradeWire } from '@piazza/contract/market';

/** Trades the tape keeps. */
export const tapeLength = 50;

/**
 * The tape after new trades arrive: newest first, each trade once (a socket message may repeat one the
 * first read already had), at most `length`.
 */
export function mergeTrades(
  shown: readonly TradeWire[],
  incoming: readonly TradeWire[],
  length = tapeLength,
): TradeWire[] {
  const byId = new Map<string, TradeWire>();
  for (const trade of [...incoming, ...shown]) if (!byId.has(trade.id)) byId.set(trade.id, trade);
  // Stable sort: trades of one millisecond keep the order the feed gave them.
  return [...byId.values()].sort((a, b) => b.time - a.time).slice(0, length);
}

/** Each side's levels with the width of its quantity bar, as a share of the book's largest level. */
export function depthShares(quantities: readonly string[], largest: number): number[] {
  return quantities.map((q) => (largest > 0 ? Math.min(1, Number(q) / largest) : 0));
}
