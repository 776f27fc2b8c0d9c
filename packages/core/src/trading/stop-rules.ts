import type { Side } from './fills';

/*
 * Stop and stop-limit orders (issue 17 item 10, decision 056). A stop waits until the last price reaches its
 * stop price, then becomes a market order (stop) or a limit order at its limit price (stop-limit). SPEC §5's
 * rule for sides, applied to the stop price against the last price when the order is placed:
 *
 *   order.stopPriceZero   no stop price above 0
 *   order.stopPriceTick   a stop price off the instrument's tick ({0}: the tick)
 *   order.stopBuySide     a buy stop at or below the last price ({0}: the last price) — it would fire at once
 *   order.stopSellSide    a sell stop at or above the last price ({0}: the last price)
 *
 * A buy stop protects a short view or enters on a breakout, so it waits above the price; a sell stop limits
 * a loss, so it waits below. Equal to the last price is refused too: it would trigger on placement.
 */

export type StopFailure =
  | { failure: 'order.stopPriceZero' }
  | { failure: 'order.stopPriceTick'; bound: bigint }
  | { failure: 'order.stopBuySide' | 'order.stopSellSide'; bound: bigint };

/** Null when the stop price may wait for the market, or the rule it breaks. All prices in minor units. */
export function checkStop(
  side: Side,
  stopPrice: bigint | null,
  last: bigint,
  tickSize: bigint,
): StopFailure | null {
  if (stopPrice === null || stopPrice <= 0n) return { failure: 'order.stopPriceZero' };
  if (stopPrice % tickSize !== 0n) return { failure: 'order.stopPriceTick', bound: tickSize };
  if (side === 'buy' && stopPrice <= last) return { failure: 'order.stopBuySide', bound: last };
  if (side === 'sell' && stopPrice >= last) return { failure: 'order.stopSellSide', bound: last };
  return null;
}

/** Whether a last price reaches a stop: a buy stop at or above it, a sell stop at or below it. */
export function stopReached(side: Side, stopPrice: bigint, last: bigint): boolean {
  return side === 'buy' ? last >= stopPrice : last <= stopPrice;
}
