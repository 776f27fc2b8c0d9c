import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkStop, stopReached } from './stop-rules';

// ENI.MI at 3 decimals, tick 0.002, last 20.000.
const last = 20_000n;
const tick = 2n;

describe('a stop price against the last price of 20.000', () => {
  it('takes a sell stop at 19.500 and a buy stop at 20.500', () => {
    expect(checkStop('sell', 19_500n, last, tick)).toBeNull();
    expect(checkStop('buy', 20_500n, last, tick)).toBeNull();
  });

  it('refuses a sell stop at or above the last price and a buy stop at or below it, naming the price', () => {
    expect(checkStop('sell', 20_000n, last, tick)).toEqual({ failure: 'order.stopSellSide', bound: last });
    expect(checkStop('sell', 20_500n, last, tick)).toEqual({ failure: 'order.stopSellSide', bound: last });
    expect(checkStop('buy', 20_000n, last, tick)).toEqual({ failure: 'order.stopBuySide', bound: last });
    expect(checkStop('buy', 19_500n, last, tick)).toEqual({ failure: 'order.stopBuySide', bound: last });
  });

  it('refuses a missing or zero stop price and one off the tick', () => {
    expect(checkStop('sell', null, last, tick)).toEqual({ failure: 'order.stopPriceZero' });
    expect(checkStop('sell', 0n, last, tick)).toEqual({ failure: 'order.stopPriceZero' });
    expect(checkStop('sell', 19_501n, last, tick)).toEqual({ failure: 'order.stopPriceTick', bound: tick });
  });

  it('a stop accepted is never reached by the price it was placed at, and is reached once the price crosses it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        (side, stopTicks, lastTicks) => {
          const stop = stopTicks * tick;
          const at = lastTicks * tick;
          if (checkStop(side, stop, at, tick) !== null) return;
          expect(stopReached(side, stop, at)).toBe(false);
          expect(stopReached(side, stop, stop)).toBe(true);
        },
      ),
    );
  });
});
