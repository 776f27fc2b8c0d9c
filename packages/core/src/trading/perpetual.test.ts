import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TradeScales } from './fills';
import { type ContractSide, initialMarginMinor } from './margin';
import {
  breachesMaintenance,
  isLiquidated,
  liquidationPrice,
  maintenanceMarginMinor,
  type PerpetualPosition,
  type PerpetualRates,
  settleClose,
  unrealisedPnlMinor,
} from './perpetual';

// BTCUSDT: prices to the cent, quantities to 5 decimals, USDT to 6 decimals; a tick of 0.01.
const btc: TradeScales = { priceScale: 2, quantityScale: 5, currencyScale: 6 };
const tick = 1n;
const rates: PerpetualRates = { maintenanceRateBp: 50, closeFeeRateBp: 5 };

/** 0.1 BTC at 95,000.00 on the initial margin of a leverage, plus any margin added. */
const tenthOfBtc = (side: ContractSide, leverage: number, addedMinor = 0n): PerpetualPosition => {
  const entryNotional = 9_500_000n * 10_000n;
  return {
    side,
    quantity: 10_000n,
    entryNotional,
    marginMinor: initialMarginMinor(entryNotional, leverage, btc) + addedMinor,
  };
};

describe('a 2:1 long of 0.1 BTC at 95,000.00 (maintenance 0.50%, closing fee 0.05%)', () => {
  const position = tenthOfBtc('long', 2);
  const liquidation = liquidationPrice(position, rates, btc, tick);

  it('posts 4,750 USDT and is liquidated at 47,762.69: (9,500 − 4,750) ÷ (0.1 × 0.9945) = 47,762.6948…', () => {
    expect(position.marginMinor).toBe(4_750_000_000n);
    expect(liquidation).toBe(4_776_269n);
  });

  it('at 47,762.69 has 26.269 USDT left, no more than maintenance 23.881345 plus the fee 2.3881345', () => {
    expect(position.marginMinor + unrealisedPnlMinor(position, 4_776_269n, btc)).toBe(26_269_000n);
    expect(maintenanceMarginMinor(10_000n, 4_776_269n, 50, btc)).toBe(23_881_345n);
    expect(breachesMaintenance(position, rates, 4_776_269n, btc)).toBe(true);
    expect(isLiquidated('long', liquidation, 4_776_269n)).toBe(true);
  });

  it('is not liquidated a tick higher, at 47,762.70, nor anywhere above', () => {
    expect(breachesMaintenance(position, rates, 4_776_270n, btc)).toBe(false);
    expect(isLiquidated('long', liquidation, 4_776_270n)).toBe(false);
    expect(isLiquidated('long', liquidation, 9_000_000n)).toBe(false);
  });

  it('closed at the liquidation price pays the fee from what is left and returns the rest', () => {
    // Fee 0.05% of 4,776.269 USDT = 2.3881345, charged 2.388134 by the fee rule.
    expect(settleClose(position, 4_776_269n, 2_388_134n, btc)).toEqual({
      pnlMinor: -4_723_731_000n,
      returnedMinor: 23_880_866n,
      feePaidMinor: 2_388_134n,
      absorbedMinor: 0n,
    });
  });

  it('filled past it in a gap, at 45,000.00, loses 5,000 USDT on 4,750 of margin: the platform absorbs 250', () => {
    expect(settleClose(position, 4_500_000n, 2_250_000n, btc)).toEqual({
      pnlMinor: -5_000_000_000n,
      returnedMinor: 0n,
      feePaidMinor: 0n,
      absorbedMinor: 250_000_000n,
    });
  });

  it('moves its liquidation down to 37,707.39 when 1,000 USDT of margin is added', () => {
    expect(liquidationPrice(tenthOfBtc('long', 2, 1_000_000_000n), rates, btc, tick)).toBe(3_770_739n);
  });
});

describe('a 2:1 short of 0.1 BTC at 95,000.00', () => {
  const position = tenthOfBtc('short', 2);
  const liquidation = liquidationPrice(position, rates, btc, tick);

  it('is liquidated at 141,720.54: (9,500 + 4,750) ÷ (0.1 × 1.0055) = 141,720.537…, rounded up to the tick', () => {
    expect(liquidation).toBe(14_172_054n);
    expect(breachesMaintenance(position, rates, 14_172_054n, btc)).toBe(true);
    expect(breachesMaintenance(position, rates, 14_172_053n, btc)).toBe(false);
    expect(isLiquidated('short', liquidation, 14_172_053n)).toBe(false);
    expect(isLiquidated('short', liquidation, 20_000_000n)).toBe(true);
  });

  it('gains what the long loses', () => {
    expect(unrealisedPnlMinor(position, 9_000_000n, btc)).toBe(500_000_000n);
    expect(unrealisedPnlMinor(tenthOfBtc('long', 2), 9_000_000n, btc)).toBe(-500_000_000n);
  });
});

describe('at 1:1', () => {
  it('a long cannot be liquidated at any positive price', () => {
    const position = tenthOfBtc('long', 1);
    expect(liquidationPrice(position, rates, btc, tick)).toBeNull();
    expect(isLiquidated('long', null, 1n)).toBe(false);
    expect(breachesMaintenance(position, rates, 1n, btc)).toBe(false);
  });

  it('a short is liquidated at 188,960.72, close to twice the entry', () => {
    expect(liquidationPrice(tenthOfBtc('short', 1), rates, btc, tick)).toBe(18_896_072n);
  });
});

describe('the tick', () => {
  it('rounds a long down and a short up to a coarser tick of 0.50', () => {
    expect(liquidationPrice(tenthOfBtc('long', 2), rates, btc, 50n)).toBe(4_776_250n);
    expect(liquidationPrice(tenthOfBtc('short', 2), rates, btc, 50n)).toBe(14_172_100n);
  });
});

describe('refuses as programming errors', () => {
  it('rates of 100% or more together, negative or fractional rates, a zero tick or an empty position', () => {
    const position = tenthOfBtc('long', 2);
    expect(() =>
      liquidationPrice(position, { maintenanceRateBp: 9_995, closeFeeRateBp: 5 }, btc, tick),
    ).toThrow(RangeError);
    expect(() => liquidationPrice(position, { maintenanceRateBp: -1, closeFeeRateBp: 5 }, btc, tick)).toThrow(
      RangeError,
    );
    expect(() =>
      liquidationPrice(position, { maintenanceRateBp: 0.5, closeFeeRateBp: 5 }, btc, tick),
    ).toThrow(RangeError);
    expect(() => liquidationPrice(position, rates, btc, 0n)).toThrow(RangeError);
    expect(() => liquidationPrice({ ...position, quantity: 0n }, rates, btc, tick)).toThrow(RangeError);
    expect(() => settleClose(position, 1n, -1n, btc)).toThrow(RangeError);
  });
});

// Positions opened on their initial margin at an ESMA-or-exchange leverage, with rates an exchange uses,
// at prices of at least 100,000 ticks' worth of minor units, so a tick is at most 0.01% of the price as on
// every listed coin (a tick coarser than the maintenance buffer could skip past the margin in one step).
const opened = fc.record({
  side: fc.constantFrom<ContractSide>('long', 'short'),
  entry: fc.bigInt({ min: 1_000_000n, max: 10n ** 10n }),
  quantity: fc.bigInt({ min: 1n, max: 10n ** 7n }),
  leverage: fc.integer({ min: 1, max: 50 }),
  maintenanceRateBp: fc.integer({ min: 10, max: 100 }),
  closeFeeRateBp: fc.integer({ min: 0, max: 10 }),
  tickSize: fc.constantFrom(1n, 5n, 10n),
  scales: fc.record({
    priceScale: fc.integer({ min: 0, max: 8 }),
    quantityScale: fc.integer({ min: 0, max: 8 }),
    currencyScale: fc.constantFrom(2, 6, 8),
  }),
});
type Opened = typeof opened extends fc.Arbitrary<infer T> ? T : never;
const positionOf = (o: Opened, leverage = o.leverage): PerpetualPosition => {
  const entryNotional = o.entry * o.quantity;
  return {
    side: o.side,
    quantity: o.quantity,
    entryNotional,
    marginMinor: initialMarginMinor(entryNotional, leverage, o.scales),
  };
};
const ratesOf = (o: Opened): PerpetualRates => ({
  maintenanceRateBp: o.maintenanceRateBp,
  closeFeeRateBp: o.closeFeeRateBp,
});

describe('liquidation properties', () => {
  it('the liquidation price is on the losing side of the entry', () => {
    fc.assert(
      fc.property(opened, (o) => {
        const position = positionOf(o);
        const price = liquidationPrice(position, ratesOf(o), o.scales, o.tickSize);
        if (o.side === 'long') {
          if (price !== null) expect(price * o.quantity).toBeLessThan(position.entryNotional);
        } else {
          expect(price).not.toBeNull();
          expect(price! * o.quantity).toBeGreaterThan(position.entryNotional);
        }
      }),
    );
  });

  it('is monotone in leverage: more leverage brings it nearer the entry', () => {
    fc.assert(
      fc.property(opened, fc.integer({ min: 1, max: 50 }), (o, other) => {
        const [low, high] = other < o.leverage ? [other, o.leverage] : [o.leverage, other];
        const at = (leverage: number) =>
          liquidationPrice(positionOf(o, leverage), ratesOf(o), o.scales, o.tickSize);
        const lowPrice = at(low);
        const highPrice = at(high);
        if (o.side === 'long') {
          // A null (never liquidated) is the lowest possible price.
          if (highPrice === null) expect(lowPrice).toBeNull();
          else if (lowPrice !== null) expect(lowPrice).toBeLessThanOrEqual(highPrice);
        } else {
          expect(lowPrice!).toBeGreaterThanOrEqual(highPrice!);
        }
      }),
    );
  });

  it('on the tick grid, a mark liquidates exactly when margin + P&L no longer covers maintenance and the fee', () => {
    fc.assert(
      fc.property(opened, fc.bigInt({ min: 1n, max: 2n * 10n ** 10n }), (o, rawMark) => {
        const position = positionOf(o);
        const mark = ((rawMark + o.tickSize - 1n) / o.tickSize) * o.tickSize;
        const price = liquidationPrice(position, ratesOf(o), o.scales, o.tickSize);
        expect(isLiquidated(o.side, price, mark)).toBe(
          breachesMaintenance(position, ratesOf(o), mark, o.scales),
        );
        // And right at the liquidation price, and one tick on the safe side of it.
        if (price !== null) {
          expect(breachesMaintenance(position, ratesOf(o), price, o.scales)).toBe(true);
          const safer = o.side === 'long' ? price + o.tickSize : price - o.tickSize;
          if (safer > 0n) expect(breachesMaintenance(position, ratesOf(o), safer, o.scales)).toBe(false);
        }
      }),
    );
  });

  it('adding margin moves the liquidation price away from the entry', () => {
    fc.assert(
      fc.property(opened, fc.bigInt({ min: 1n, max: 10n ** 12n }), (o, added) => {
        const position = positionOf(o);
        const before = liquidationPrice(position, ratesOf(o), o.scales, o.tickSize);
        const after = liquidationPrice(
          { ...position, marginMinor: position.marginMinor + added },
          ratesOf(o),
          o.scales,
          o.tickSize,
        );
        if (o.side === 'long') {
          if (before === null) expect(after).toBeNull();
          else if (after !== null) expect(after).toBeLessThanOrEqual(before);
        } else {
          expect(after!).toBeGreaterThanOrEqual(before!);
        }
      }),
    );
  });
});

describe('settlement properties', () => {
  it('a random price path liquidated at its first breaching mark never takes the account below zero', () => {
    fc.assert(
      fc.property(
        opened,
        fc.array(fc.integer({ min: -2_000, max: 2_000 }), { minLength: 1, maxLength: 40 }),
        (o, steps) => {
          const position = positionOf(o);
          const price = liquidationPrice(position, ratesOf(o), o.scales, o.tickSize);
          let mark = o.entry;
          for (const step of steps) {
            // Each step moves the mark by up to ±20% of the entry, never to zero or below.
            const next = mark + (o.entry * BigInt(step)) / 10_000n;
            mark = next > 0n ? next : 1n;
            if (isLiquidated(o.side, price, mark)) break;
          }
          const fee = (mark * o.quantity * BigInt(o.closeFeeRateBp)) / 10_000n;
          const s = settleClose(position, mark, fee, o.scales);
          expect(s.returnedMinor).toBeGreaterThanOrEqual(0n);
          expect(s.absorbedMinor).toBeGreaterThanOrEqual(0n);
          expect(s.returnedMinor + s.feePaidMinor).toBe(position.marginMinor + s.pnlMinor + s.absorbedMinor);
          // Closed at the liquidation price itself, the margin always covers the loss.
          if (price !== null) expect(settleClose(position, price, 0n, o.scales).absorbedMinor).toBe(0n);
        },
      ),
    );
  });
});
