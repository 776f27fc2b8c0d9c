import type { HoldView } from '@piazza/contract/calls/trading-shapes';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { liveValue } from './live-value';

/** What the holdings of one currency are worth now, never added across currencies. Wire decimal texts. */
export interface CurrencySummary {
  currency: string;
  /** Σ market value at the last price. */
  value: string;
  /** Σ (market value − cost, fees included): the P&L not yet realised. */
  unrealised: string;
  /** Σ quantity × (last − previous close); null until every holding's previous close is known. */
  dayChange: string | null;
}

export interface LivePrice {
  last: string;
  prevClose: string;
}

const decimalsOf = (text: string) => (text.split('.')[1] ?? '').length;

/** A signed wire decimal in minor units of `scale` ('-12.50' → -1250n at scale 2), or null. */
function minor(text: string, scale: number): bigint | null {
  const negative = text.startsWith('-');
  const units = parseAmount(negative ? text.slice(1) : text, scale);
  return units === null ? null : negative ? -units : units;
}

/**
 * The holdings summed per currency at the live price where one is known (the server's last price
 * otherwise), each holding valued as its card and the server value it (liveValue), so the sum is the sum of
 * the figures the cards show.
 */
export function summariseHoldings(
  holds: readonly HoldView[],
  live: ReadonlyMap<string, LivePrice>,
): CurrencySummary[] {
  const sums = new Map<string, { scale: number; value: bigint; unrealised: bigint; day: bigint | null }>();
  for (const hold of holds) {
    const scale = decimalsOf(hold.cost);
    const quote = live.get(hold.symbol);
    const now = liveValue(hold.quantity, quote?.last ?? hold.lastPrice, hold.cost);
    const before = quote ? liveValue(hold.quantity, quote.prevClose, hold.cost) : null;
    const value = now ? minor(now.marketValue, scale) : null;
    const pnl = now ? minor(now.pnl, scale) : null;
    if (value === null || pnl === null) continue;
    const closed = before ? minor(before.marketValue, scale) : null;
    const sum = sums.get(hold.currency) ?? { scale, value: 0n, unrealised: 0n, day: 0n };
    sum.value += value;
    sum.unrealised += pnl;
    sum.day = sum.day === null || closed === null ? null : sum.day + (value - closed);
    sums.set(hold.currency, sum);
  }
  return [...sums].map(([currency, s]) => ({
    currency,
    value: formatAmount(s.value, s.scale),
    unrealised: formatAmount(s.unrealised, s.scale),
    dayChange: s.day === null ? null : formatAmount(s.day, s.scale),
  }));
}
