import { formatAmount, parseAmount } from '@piazza/core/money';
import { tradeValue } from '@piazza/core/trading/fills';

/** A holding's worth at a live price: market value and P&L as decimal text in the cost's decimals. */
export interface LiveValue {
  marketValue: string;
  pnl: string;
}

/** Decimals of a wire decimal: '14.250' has 3. */
function decimalsOf(text: string): number {
  return (text.split('.')[1] ?? '').length;
}

/**
 * The market value of `quantity` shares at `last` and its P&L against `cost`, valued as the server values
 * a trade (core/trading/fills.ts tradeValue: half to even into the currency), so a live tick and the next
 * /stock/hold/list read agree. Null when a figure does not parse.
 */
export function liveValue(quantity: string, last: string, cost: string): LiveValue | null {
  const scales = {
    priceScale: decimalsOf(last),
    quantityScale: decimalsOf(quantity),
    currencyScale: decimalsOf(cost),
  };
  const price = parseAmount(last, scales.priceScale);
  const shares = parseAmount(quantity, scales.quantityScale);
  const paid = parseAmount(cost, scales.currencyScale);
  if (price === null || shares === null || paid === null) return null;
  const value = tradeValue(price * shares, scales);
  return {
    marketValue: formatAmount(value, scales.currencyScale),
    pnl: formatAmount(value - paid, scales.currencyScale),
  };
}
