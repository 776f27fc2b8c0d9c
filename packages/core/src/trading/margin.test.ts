import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TradeScales } from './fills';
import {
  accountEquityMinor,
  type ContractPosition,
  closeOutPrice,
  closeOutSelection,
  contractPnlMinor,
  coverLoss,
  coversOpening,
  initialMarginMinor,
  isCloseOut,
  marginLevelBp,
  maxQuantityForMargin,
  notionalDivisor,
  openingCloseOut,
} from './margin';

// ENI on Borsa Italiana: prices to 3 decimals, whole shares, euros in cents.
const eni: TradeScales = { priceScale: 3, quantityScale: 0, currencyScale: 2 };
// Any instrument: price and quantity decimals, a currency in cents, a stablecoin or a coin.
const scalesArbitrary = fc.record({
  priceScale: fc.integer({ min: 0, max: 8 }),
  quantityScale: fc.integer({ min: 0, max: 8 }),
  currencyScale: fc.constantFrom(2, 6, 8),
});
const long100 = (entryPrice: bigint): ContractPosition => ({
  side: 'long',
  quantity: 100n,
  entryNotional: entryPrice * 100n,
});

describe('a 5:1 long on 100 ENI at 16.480 with €400.00 in the contract account', () => {
  const position = long100(16_480n);
  const margin = initialMarginMinor(position.entryNotional, 5, eni);
  const equityAt = (mark: bigint) => accountEquityMinor(40_000n, [contractPnlMinor(position, mark, eni)]);

  it('posts €329.60 of margin: €1,648.00 of exposure ÷ 5', () => {
    expect(margin).toBe(32_960n);
  });

  it('gains €52.00 at 17.000, and a short of the same loses €52.00', () => {
    expect(contractPnlMinor(position, 17_000n, eni)).toBe(5_200n);
    expect(contractPnlMinor({ ...position, side: 'short' }, 17_000n, eni)).toBe(-5_200n);
    expect(equityAt(17_000n)).toBe(45_200n);
  });

  it('is at a margin level of 121.35% at 16.480: €400.00 of equity on €329.60 required', () => {
    expect(marginLevelBp(equityAt(16_480n), margin)).toBe(12_135n);
    expect(isCloseOut(equityAt(16_480n), margin)).toBe(false);
  });

  it('is closed out at 14.128, where equity falls to €164.80, exactly half the margin, and not a tick above', () => {
    expect(equityAt(14_128n)).toBe(16_480n);
    expect(marginLevelBp(equityAt(14_128n), margin)).toBe(5_000n);
    expect(isCloseOut(equityAt(14_128n), margin)).toBe(true);
    expect(equityAt(14_129n)).toBe(16_490n);
    expect(isCloseOut(equityAt(14_129n), margin)).toBe(false);
    expect(closeOutSelection(40_000n, [{ pnlMinor: -23_520n, marginMinor: margin }])).toHaveLength(1);
  });

  it('gapping down to 12.000 loses €448.00: the account pays its €400.00 and the platform absorbs €48.00', () => {
    const loss = -contractPnlMinor(position, 12_000n, eni);
    expect(loss).toBe(44_800n);
    expect(coverLoss(40_000n, loss)).toEqual({ paidMinor: 40_000n, absorbedMinor: 4_800n });
  });
});

describe('initialMarginMinor', () => {
  it('rounds up: 3 ENI at 16.483 is €49.449 of exposure, €9.8898 at 5:1, so €9.89', () => {
    expect(initialMarginMinor(16_483n * 3n, 5, eni)).toBe(989n);
  });

  it('asks the whole exposure at 1:1 and 1/30 of it for a major pair at 30:1', () => {
    expect(initialMarginMinor(16_480n * 100n, 1, eni)).toBe(164_800n);
    // €10,000.00 of EUR/USD at 1.17000, a price of 5 decimals, amounts in cents, dollars in cents.
    const eurUsd: TradeScales = { priceScale: 5, quantityScale: 2, currencyScale: 2 };
    expect(initialMarginMinor(117_000n * 1_000_000n, 30, eurUsd)).toBe(39_000n);
  });

  it('refuses a leverage that is not a whole number of at least 1 as a programming error', () => {
    expect(() => initialMarginMinor(1000n, 0, eni)).toThrow(RangeError);
    expect(() => initialMarginMinor(1000n, 2.5, eni)).toThrow(RangeError);
  });

  it('is never below notional ÷ cap, and one minor unit less would be', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 1, max: 30 }),
        scalesArbitrary,
        (notional, leverage, scales) => {
          const margin = initialMarginMinor(notional, leverage, scales);
          const exposure = notional * 10n ** BigInt(scales.currencyScale);
          const covered = (m: bigint) => m * BigInt(leverage) * notionalDivisor(scales) >= exposure;
          expect(covered(margin)).toBe(true);
          expect(covered(margin - 1n)).toBe(false);
        },
      ),
    );
  });
});

describe('maxQuantityForMargin', () => {
  it('opens 100 ENI at 16.480 with €329.60 at 5:1, 99 with a cent less, 90 in lots of 10', () => {
    expect(maxQuantityForMargin(32_960n, 5, 16_480n, 1n, eni)).toBe(100n);
    expect(maxQuantityForMargin(32_959n, 5, 16_480n, 1n, eni)).toBe(99n);
    expect(maxQuantityForMargin(32_959n, 5, 16_480n, 10n, eni)).toBe(90n);
    expect(maxQuantityForMargin(0n, 5, 16_480n, 1n, eni)).toBe(0n);
  });

  it('is the largest lot multiple whose margin fits', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.integer({ min: 1, max: 30 }),
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.bigInt({ min: 1n, max: 100n }),
        scalesArbitrary,
        (marginMinor, leverage, price, lot, scales) => {
          const q = maxQuantityForMargin(marginMinor, leverage, price, lot, scales);
          expect(q % lot).toBe(0n);
          expect(initialMarginMinor(price * q, leverage, scales)).toBeLessThanOrEqual(marginMinor);
          expect(initialMarginMinor(price * (q + lot), leverage, scales)).toBeGreaterThan(marginMinor);
        },
      ),
    );
  });
});

describe('contractPnlMinor', () => {
  it('values a position opened across two levels from its exact notional: 60 at 16.480 and 40 at 16.490', () => {
    const position: ContractPosition = {
      side: 'long',
      quantity: 100n,
      entryNotional: 16_480n * 60n + 16_490n * 40n,
    };
    // Entry €1,648.40; at 16.500 worth €1,650.00.
    expect(contractPnlMinor(position, 16_500n, eni)).toBe(160n);
  });

  it('rounds half a cent to the even cent, the same way for a long and a short', () => {
    const one: ContractPosition = { side: 'long', quantity: 1n, entryNotional: 16_483n };
    expect(contractPnlMinor(one, 16_488n, eni)).toBe(0n);
    expect(contractPnlMinor({ ...one, side: 'short' }, 16_488n, eni)).toBe(0n);
    expect(contractPnlMinor(one, 16_498n, eni)).toBe(2n);
    expect(contractPnlMinor({ ...one, side: 'short' }, 16_498n, eni)).toBe(-2n);
  });

  it('is antisymmetric: a long’s P&L is minus a short’s, at any mark', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        scalesArbitrary,
        (entry, mark, quantity, extra, scales) => {
          const entryNotional = entry * quantity + (extra % quantity);
          const long = contractPnlMinor({ side: 'long', quantity, entryNotional }, mark, scales);
          const short = contractPnlMinor({ side: 'short', quantity, entryNotional }, mark, scales);
          expect(long).toBe(-short);
          if (long !== 0n) expect(long > 0n).toBe(mark * quantity > entryNotional);
        },
      ),
    );
  });
});

describe('the close-out', () => {
  it('needs margin required: an account with no position is never closed out and has no level', () => {
    expect(isCloseOut(-100n, 0n)).toBe(false);
    expect(marginLevelBp(100n, 0n)).toBeNull();
  });

  it('closes the largest loss first and stops once equity is above half of what the rest require', () => {
    // Cash €1,000.00; equity €1,000.00 − 700 − 250 + 150 = €200.00; margins €300 + €200 + €100 = €600.
    const a = { id: 'a', pnlMinor: -25_000n, marginMinor: 20_000n };
    const b = { id: 'b', pnlMinor: -70_000n, marginMinor: 30_000n };
    const c = { id: 'c', pnlMinor: 15_000n, marginMinor: 10_000n };
    expect(isCloseOut(20_000n, 60_000n)).toBe(true);
    // Closing b leaves €300.00 required; €200.00 of equity is above half of it.
    expect(closeOutSelection(100_000n, [a, b, c]).map((p) => p.id)).toEqual(['b']);
  });

  it('closes everything when the equity is gone', () => {
    const positions = [
      { pnlMinor: -60_000n, marginMinor: 20_000n },
      { pnlMinor: 1_000n, marginMinor: 20_000n },
    ];
    expect(closeOutSelection(50_000n, positions)).toHaveLength(2);
  });

  it('closes nothing in an account above the threshold', () => {
    expect(closeOutSelection(100_000n, [{ pnlMinor: -10_000n, marginMinor: 50_000n }])).toEqual([]);
  });

  it('breaks a tie in loss by the larger margin, then by the order given', () => {
    const positions = [
      { id: 'small', pnlMinor: -50_000n, marginMinor: 10_000n },
      { id: 'large', pnlMinor: -50_000n, marginMinor: 40_000n },
      { id: 'later', pnlMinor: -50_000n, marginMinor: 10_000n },
    ];
    expect(closeOutSelection(150_000n, positions).map((p) => p.id)).toEqual(['large', 'small', 'later']);
  });

  it('always leaves the account out of close-out, by closing as few of the largest losses as it takes', () => {
    const position = fc.record({
      pnlMinor: fc.bigInt({ min: -(10n ** 7n), max: 10n ** 7n }),
      marginMinor: fc.bigInt({ min: 1n, max: 10n ** 7n }),
    });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        fc.array(position, { maxLength: 8 }),
        (cash, positions) => {
          const chosen = closeOutSelection(cash, positions);
          const equity = accountEquityMinor(
            cash,
            positions.map((p) => p.pnlMinor),
          );
          const required = (list: readonly { marginMinor: bigint }[]) =>
            list.reduce((s, p) => s + p.marginMinor, 0n);
          const left = positions.filter((p) => !chosen.includes(p));
          expect(isCloseOut(equity, required(left))).toBe(false);
          if (chosen.length > 0) {
            // One fewer would not have been enough.
            const kept = [...left, chosen.at(-1)!];
            expect(isCloseOut(equity, required(kept))).toBe(true);
          } else {
            expect(isCloseOut(equity, required(positions))).toBe(false);
          }
        },
      ),
    );
  });
});

describe('closeOutPrice', () => {
  it('puts the 5:1 long on 100 ENI with €400.00 at 14.128, and a short of it at 18.832', () => {
    expect(closeOutPrice(long100(16_480n), 40_000n, 32_960n, eni, 1n)).toBe(14_128n);
    // A short loses €235.20 when the price rises by 2.352.
    expect(closeOutPrice({ ...long100(16_480n), side: 'short' }, 40_000n, 32_960n, eni, 1n)).toBe(18_832n);
  });

  it('has none for a long that no positive price closes out, nor without margin required', () => {
    expect(closeOutPrice(long100(16_480n), 10_000_000n, 32_960n, eni, 1n)).toBeNull();
    expect(closeOutPrice(long100(16_480n), 40_000n, 0n, eni, 1n)).toBeNull();
  });

  it('rounds to the tick on the losing side: with no other equity a short closes out from 14.832, so 14.835', () => {
    // Equity (16.480 − P) × 100 falls to €164.80 at 14.832; the next multiple of 0.005 up is 14.835.
    expect(closeOutPrice({ ...long100(16_480n), side: 'short' }, 0n, 32_960n, eni, 5n)).toBe(14_835n);
  });

  it('is the lowest tick for a short in an account already past the threshold at any price', () => {
    expect(closeOutPrice({ ...long100(16_480n), side: 'short' }, -200_000n, 32_960n, eni, 5n)).toBe(5n);
  });

  it('on the tick grid, a price closes out exactly when the account rule says so', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'long' | 'short'>('long', 'short'),
        fc.bigInt({ min: 1_000n, max: 10n ** 7n }),
        fc.bigInt({ min: 1n, max: 10n ** 5n }),
        fc.integer({ min: 1, max: 30 }),
        fc.bigInt({ min: -(10n ** 6n), max: 10n ** 8n }),
        fc.constantFrom(1n, 5n, 10n),
        fc.bigInt({ min: 1n, max: 3n * 10n ** 7n }),
        scalesArbitrary,
        (side, entry, quantity, leverage, rest, tick, rawPrice, scales) => {
          const position: ContractPosition = { side, quantity, entryNotional: entry * quantity };
          const required = initialMarginMinor(position.entryNotional, leverage, scales);
          const price = closeOutPrice(position, rest, required, scales, tick);
          const at = ((rawPrice + tick - 1n) / tick) * tick;
          const rule = isCloseOut(rest + contractPnlMinor(position, at, scales), required);
          if (side === 'long') expect(rule).toBe(price !== null && at <= price);
          else expect(rule).toBe(at >= price!);
          if (price !== null) {
            expect(price % tick).toBe(0n);
            expect(isCloseOut(rest + contractPnlMinor(position, price, scales), required)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('openingCloseOut', () => {
  // 100 ENI long at 20.900, 5:1: margin €418.00, fee €5.00.
  const long = long100(20_900n);
  const cost = { marginMinor: 41_800n, feeMinor: 500n };

  it('has no price for a long that the free margin cannot open, where closeOutPrice alone would say 23.040', () => {
    // Nothing in the account: the rest is −€5.00 against €418.00 required, past close-out at any price up
    // to 23.040 — above the entry. The ticket must say the margin is short instead of showing that.
    expect(closeOutPrice(long, -500n, 41_800n, eni, 1n)).toBe(23_040n);
    expect(openingCloseOut(long, { equityMinor: 0n, usedMarginMinor: 0n }, cost, eni, 1n)).toEqual({
      kind: 'marginShort',
    });
    expect(openingCloseOut(long, { equityMinor: 42_299n, usedMarginMinor: 0n }, cost, eni, 1n)).toEqual({
      kind: 'marginShort',
    });
  });

  it('puts a long opened with exactly margin and fee at 18.810, below its entry', () => {
    // Equity after the fee €418.00 = required; close-out at €209.00, a loss of €209.00 = 2.090 a share.
    expect(openingCloseOut(long, { equityMinor: 42_300n, usedMarginMinor: 0n }, cost, eni, 1n)).toEqual({
      kind: 'price',
      price: 18_810n,
    });
    expect(coversOpening(42_300n, 41_800n, 500n)).toBe(true);
    expect(coversOpening(42_299n, 41_800n, 500n)).toBe(false);
  });

  it('has none for a long whose account covers any fall', () => {
    expect(openingCloseOut(long, { equityMinor: 10_000_000n, usedMarginMinor: 0n }, cost, eni, 1n)).toEqual({
      kind: 'none',
    });
  });

  it('never puts a long that opens at or above its entry, nor a short at or below it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'long' | 'short'>('long', 'short'),
        fc.bigInt({ min: 1_000n, max: 10n ** 7n }),
        fc.bigInt({ min: 1n, max: 10n ** 4n }),
        fc.integer({ min: 1, max: 30 }),
        fc.bigInt({ min: -(10n ** 6n), max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        fc.bigInt({ min: 0n, max: 10n ** 4n }),
        (side, entry, quantity, leverage, equity, used, fee) => {
          const position: ContractPosition = { side, quantity, entryNotional: entry * quantity };
          const margin = initialMarginMinor(position.entryNotional, leverage, eni);
          const answer = openingCloseOut(
            position,
            { equityMinor: equity, usedMarginMinor: used },
            { marginMinor: margin, feeMinor: fee },
            eni,
            1n,
          );
          if (!coversOpening(equity - used, margin, fee)) expect(answer.kind).toBe('marginShort');
          if (answer.kind === 'price') {
            if (side === 'long') expect(answer.price).toBeLessThan(entry);
            else expect(answer.price).toBeGreaterThan(entry);
          }
        },
      ),
    );
  });
});

describe('negative-balance protection', () => {
  it('lets an account pay a loss it can cover in full', () => {
    expect(coverLoss(40_000n, 10_000n)).toEqual({ paidMinor: 10_000n, absorbedMinor: 0n });
    expect(coverLoss(40_000n, 40_000n)).toEqual({ paidMinor: 40_000n, absorbedMinor: 0n });
  });

  it('never takes an account below zero, and never asks an empty one for anything', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (available, loss) => {
          const { paidMinor, absorbedMinor } = coverLoss(available, loss);
          expect(paidMinor + absorbedMinor).toBe(loss);
          expect(paidMinor).toBeGreaterThanOrEqual(0n);
          expect(absorbedMinor).toBeGreaterThanOrEqual(0n);
          expect(paidMinor).toBeLessThanOrEqual(available > 0n ? available : 0n);
          if (available >= loss) expect(absorbedMinor).toBe(0n);
        },
      ),
    );
  });

  it('refuses a negative loss as a programming error', () => {
    expect(() => coverLoss(100n, -1n)).toThrow(RangeError);
  });
});
