import { formatAmount, parseAmount } from '@piazza/core/money';
import { accountEquityMinor, contractPnlMinor, marginLevelBp } from '@piazza/core/trading/margin';

/*
 * A stock contract valued at a live price from the ticker, as the server values it
 * (apps/server/src/modules/stock-contract/account-state.ts): core's contractPnlMinor on the exact entry
 * notional, the equity as the balance plus every open position's P&L (accountEquityMinor) and the margin
 * level from marginLevelBp, so a tick on the socket and the next read of the server show the same figures.
 * Scales are read from the wire decimals: the quantity's, the entry notional's (price + quantity decimals)
 * and the money's.
 */

/** What of a position the live P&L needs, as the server sends it (a stock contract or a perpetual). */
export interface LivePositionInput {
  side: 'long' | 'short';
  quantity: string;
  entryNotional: string;
}

function decimalsOf(text: string): number {
  return (text.split('.')[1] ?? '').length;
}

/** A signed wire decimal in minor units of `scale`, null when it does not parse. */
export function parseSigned(text: string, scale: number): bigint | null {
  const negative = text.startsWith('-');
  const minor = parseAmount(negative ? text.slice(1) : text, scale);
  return minor === null ? null : negative ? -minor : minor;
}

/**
 * A position's P&L at `last` as decimal text in its currency (in the decimals of `money`, any money figure
 * of the position as the server words it), or null when a figure does not parse. Perpetuals use the same
 * function: the server's unrealisedPnlMinor (core perpetual.ts) is contractPnlMinor.
 */
export function livePnl(position: LivePositionInput, last: string, money: string): string | null {
  const quantityScale = decimalsOf(position.quantity);
  const priceScale = decimalsOf(position.entryNotional) - quantityScale;
  const currencyScale = decimalsOf(money);
  if (priceScale < 0) return null;
  const quantity = parseAmount(position.quantity, quantityScale);
  const entryNotional = parseAmount(position.entryNotional, priceScale + quantityScale);
  const mark = parseAmount(last, priceScale);
  if (quantity === null || entryNotional === null || mark === null) return null;
  const pnl = contractPnlMinor({ side: position.side, quantity, entryNotional }, mark, {
    priceScale,
    quantityScale,
    currencyScale,
  });
  return formatAmount(pnl, currencyScale);
}

/** The account figures the positions page shows, as the server's account view words them. */
export interface LiveAccount {
  equity: string;
  freeMargin: string;
  marginLevel: string | null;
}

/**
 * The account at the positions' P&L given (live where a quote arrived, the server's otherwise): equity =
 * balance + Σ P&L, free margin = equity − used margin, level = equity ÷ used margin in %, rounded down.
 */
export function liveAccount(
  balance: string,
  usedMargin: string,
  pnls: readonly string[],
): LiveAccount | null {
  const scale = decimalsOf(balance);
  const cash = parseSigned(balance, scale);
  const required = parseSigned(usedMargin, scale);
  const minors = pnls.map((p) => parseSigned(p, scale));
  if (cash === null || required === null || minors.some((m) => m === null)) return null;
  const equity = accountEquityMinor(cash, minors as bigint[]);
  const level = marginLevelBp(equity, required);
  return {
    equity: formatAmount(equity, scale),
    freeMargin: formatAmount(equity - required, scale),
    marginLevel: level === null ? null : formatAmount(level, 2),
  };
}
