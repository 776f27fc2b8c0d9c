import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRate, type Rate } from '../money';
import { rateInverse } from './daily-values';
import { costBasisOf, fxSplitOf } from './fx-split';

const rate = (text: string): Rate => ({
  num: BigInt(text.replace('.', '')),
  den: 10n ** BigInt(text.split('.')[1]?.length ?? 0),
});

describe('the P&L of a dollar share in euros, split', () => {
  it('10 shares bought for $2,000.00 at EUR/USD 1.08, now $210.00 each at 1.10', () => {
    const basis = costBasisOf([{ quantity: 10n, usdMinor: 200_000n, eurUsd: rate('1.08') }]);
    // $2,000.00 / 1.08 = €1,851.85.
    expect(basis).toEqual({ quantity: 10n, costUsdMinor: 200_000n, costEurMinor: 185_185n });
    const split = fxSplitOf(basis, 210_000n, rate('1.10'));
    // $2,100.00 / 1.10 = €1,909.09: +€57.24 in all; the share's +$100.00 is +€90.91 at 1.10; the dollar's fall
    // from 1.08 to 1.10 costs $2,000.00 / 1.10 − €1,851.85 = €1,818.18 − €1,851.85 = −€33.67.
    expect(split).toEqual({
      valueEurMinor: 190_909n,
      totalMinor: 5_724n,
      instrumentMinor: 9_091n,
      currencyMinor: -3_367n,
    });
  });

  it('a sale takes its share of the cost in both currencies (weighted average)', () => {
    const basis = costBasisOf([
      { quantity: 10n, usdMinor: 200_000n, eurUsd: rate('1.08') },
      { quantity: 10n, usdMinor: 220_000n, eurUsd: rate('1.10') },
      { quantity: -5n, usdMinor: 0n, eurUsd: rate('1.12') },
    ]);
    // $4,200.00 cost €1,851.85 + €2,000.00 = €3,851.85 for 20; 15 keep three quarters: $3,150.00, €2,888.89.
    expect(basis).toEqual({ quantity: 15n, costUsdMinor: 315_000n, costEurMinor: 288_889n });
  });

  it('selling everything leaves no cost', () => {
    const basis = costBasisOf([
      { quantity: 3n, usdMinor: 60_000n, eurUsd: rate('1.08') },
      { quantity: -3n, usdMinor: 0n, eurUsd: rate('1.09') },
    ]);
    expect(basis).toEqual({ quantity: 0n, costUsdMinor: 0n, costEurMinor: 0n });
  });

  const rates = fc.integer({ min: 9_000, max: 13_000 }).map((n) => ({ num: BigInt(n), den: 10_000n }));
  const buys = fc.array(
    fc.record({
      quantity: fc.bigInt({ min: 1n, max: 500n }),
      usdMinor: fc.bigInt({ min: 1n, max: 50_000_000n }),
      eurUsd: rates,
    }),
    { minLength: 1, maxLength: 8 },
  );

  it('property: the parts add up to the total, and each part is what its own move alone is worth', () => {
    fc.assert(
      fc.property(buys, fc.bigInt({ min: 0n, max: 100_000_000n }), rates, (trades, valueUsd, now) => {
        const basis = costBasisOf(trades);
        const split = fxSplitOf(basis, valueUsd, now);
        expect(split.instrumentMinor + split.currencyMinor).toBe(split.totalMinor);
        // The currency's move computed on its own: the dollars paid at today's rate less their euro cost.
        const alone = applyRate(basis.costUsdMinor, 2, rateInverse(now), 2, 'halfEven') - basis.costEurMinor;
        const diff = split.currencyMinor - alone;
        expect(diff >= -1n && diff <= 1n).toBe(true);
      }),
    );
  });

  it('property: when EUR/USD never moved, the currency part is only rounding (a cent per trade at most)', () => {
    fc.assert(
      fc.property(buys, fc.bigInt({ min: 0n, max: 100_000_000n }), rates, (trades, valueUsd, fixed) => {
        const same = trades.map((t) => ({ ...t, eurUsd: fixed }));
        const split = fxSplitOf(costBasisOf(same), valueUsd, fixed);
        const bound = BigInt(same.length + 1);
        expect(split.currencyMinor >= -bound && split.currencyMinor <= bound).toBe(true);
      }),
    );
  });

  it('property: when the price never moved, the instrument part is nothing', () => {
    fc.assert(
      fc.property(buys, rates, (trades, now) => {
        const basis = costBasisOf(trades);
        expect(fxSplitOf(basis, basis.costUsdMinor, now).instrumentMinor).toBe(0n);
      }),
    );
  });
});
