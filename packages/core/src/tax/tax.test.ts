import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterPurchase, emptyBasis, sell } from './average-cost';
import {
  capitalGainsRates,
  currenciesTaxedInEuro,
  gainKindOfCoin,
  gainKindOfSecurity,
  gainRules,
  rateOn,
  stampDutyRates,
  transactionTaxRates,
} from './rates';
import { stampDutyMinor, transactionTaxMinor } from './transaction-tax';
import { carryLoss, offsetGain, taxMinor, usableIn } from './zainetto';

describe('the ENI story of issue 19', () => {
  it('buys 100 at 14,00 and 100 at 15,00 with €5 fees, sells 150 at 16,00: €212,50 gained, €55,25 withheld', () => {
    let basis = afterPurchase(emptyBasis, 100n, 140_000n, 500n);
    basis = afterPurchase(basis, 100n, 150_000n, 500n);
    expect(basis).toEqual({ quantity: 200n, costMinor: 291_000n }); // €14,55 a share
    const sale = sell(basis, 150n, 240_000n, 500n);
    expect(sale.costMinor).toBe(218_250n);
    expect(sale.gainMinor).toBe(21_250n);
    expect(sale.after).toEqual({ quantity: 50n, costMinor: 72_750n });
    expect(taxMinor(sale.gainMinor, rateOn(capitalGainsRates.shares, '2026-11-24'))).toBe(5_525n);
    // Tobin tax on each day's purchase: €1,40 and €1,50; a round trip in one day pays nothing.
    const ftt = rateOn(transactionTaxRates, '2026-11-24');
    expect(transactionTaxMinor(140_000n, 0n, ftt)).toBe(140n);
    expect(transactionTaxMinor(150_000n, 0n, ftt)).toBe(150n);
    expect(transactionTaxMinor(150_000n, 150_000n, ftt)).toBe(0n);
  });
});

describe('rates as data', () => {
  it('taxes crypto at 26% in 2025 and 33% from 1 January 2026, e-money tokens at 26%', () => {
    expect(rateOn(capitalGainsRates.crypto, '2025-12-31')).toBe(2600);
    expect(rateOn(capitalGainsRates.crypto, '2026-01-01')).toBe(3300);
    expect(rateOn(capitalGainsRates.euroEmt, '2026-06-01')).toBe(2600);
    expect(rateOn(capitalGainsRates.governmentBonds, '2026-06-01')).toBe(1250);
    expect(() => rateOn(capitalGainsRates.crypto, '2022-12-31')).toThrow(RangeError);
  });

  it('taxes a euro e-money token as one, any other coin as a crypto-asset', () => {
    expect(gainKindOfCoin('EURC')).toBe('euroEmt');
    expect(gainKindOfCoin('BTC')).toBe('crypto');
    expect(gainKindOfCoin('USDT')).toBe('crypto');
  });

  it('taxes an ETF gain in full (reddito di capitale) and carries its loss; an ETC is like a share', () => {
    expect(gainKindOfSecurity('etf')).toBe('etf');
    expect(gainKindOfSecurity('etc')).toBe('etc');
    expect(gainKindOfSecurity(undefined)).toBe('shares');
    expect(gainRules.etf).toEqual({ gainsUseZainetto: false, lossesToZainetto: true });
    expect(gainRules.etc).toEqual({ gainsUseZainetto: true, lossesToZainetto: true });
    expect(gainRules.shares).toEqual({ gainsUseZainetto: true, lossesToZainetto: true });
    expect(rateOn(capitalGainsRates.etf, '2026-06-01')).toBe(2600);
    expect(rateOn(capitalGainsRates.etc, '2026-06-01')).toBe(2600);
  });

  it('converts dollar and USDT results to euros, never the euro itself', () => {
    expect(currenciesTaxedInEuro).toEqual(['USD', 'USDT']);
    expect(currenciesTaxedInEuro).not.toContain('EUR');
  });
});

describe('average cost', () => {
  it('releases all the cost left with the last share, whatever the rounding before', () => {
    let basis = afterPurchase(emptyBasis, 3n, 1_000n, 0n);
    const first = sell(basis, 1n, 400n, 0n);
    expect(first.costMinor).toBe(333n);
    basis = first.after;
    const rest = sell(basis, 2n, 800n, 0n);
    expect(rest.costMinor).toBe(667n);
    expect(rest.after).toEqual({ quantity: 0n, costMinor: 0n });
  });

  it('refuses selling more than is held', () => {
    expect(() => sell(afterPurchase(emptyBasis, 1n, 100n, 0n), 2n, 100n, 0n)).toThrow(RangeError);
  });
});

describe('zainetto fiscale', () => {
  it('carries a 2026 loss into 2027 and sets it against a gain there', () => {
    const losses = carryLoss([], 10_000n, 2026);
    const settled = offsetGain(losses, 15_000n, 2027);
    expect(settled).toEqual({ offsetMinor: 10_000n, taxableMinor: 5_000n, losses: [] });
    expect(taxMinor(settled.taxableMinor, 2600)).toBe(1_300n);
  });

  it('lets a 2026 loss expire after 2030', () => {
    const losses = carryLoss([], 10_000n, 2026);
    expect(usableIn(losses, 2030)).toHaveLength(1);
    expect(usableIn(losses, 2031)).toHaveLength(0);
    expect(offsetGain(losses, 5_000n, 2031).taxableMinor).toBe(5_000n);
  });

  it('uses the oldest loss first and keeps what is left', () => {
    const losses = carryLoss(carryLoss([], 3_000n, 2027), 2_000n, 2025);
    expect(offsetGain(losses, 4_000n, 2028).losses).toEqual([{ year: 2027, remainingMinor: 1_000n }]);
  });

  it('withholds the rate on the gains net of carried losses, for any sequence', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            year: fc.integer({ min: 2026, max: 2029 }),
            result: fc.bigInt({ min: -50_000n, max: 50_000n }),
          }),
          {
            maxLength: 30,
          },
        ),
        (events) => {
          const ordered = [...events].sort((a, b) => a.year - b.year);
          let losses: ReturnType<typeof carryLoss> = [];
          let withheld = 0n;
          let taxable = 0n;
          for (const e of ordered) {
            if (e.result < 0n) losses = carryLoss(losses, -e.result, e.year);
            else if (e.result > 0n) {
              const settled = offsetGain(losses, e.result, e.year);
              losses = settled.losses;
              taxable += settled.taxableMinor;
              withheld += taxMinor(settled.taxableMinor, 2600);
            }
          }
          // Within four years nothing expires: what was taxed is the gains less the losses set against them.
          const gains = ordered.reduce((s, e) => s + (e.result > 0n ? e.result : 0n), 0n);
          const lossesTotal = ordered.reduce((s, e) => s + (e.result < 0n ? -e.result : 0n), 0n);
          const left = losses.reduce((s, l) => s + l.remainingMinor, 0n);
          expect(taxable).toBe(gains - (lossesTotal - left));
          expect(withheld >= (taxable * 26n) / 100n - BigInt(ordered.length)).toBe(true);
          expect(withheld <= (taxable * 26n) / 100n + BigInt(ordered.length)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('stamp duty', () => {
  it('charges €9,92 for €10.000 held 181 days of 2026 at 0,2% a year', () => {
    const values = Array.from({ length: 181 }, () => 1_000_000n);
    // 10 000 × 0.002 × 181 / 365 = 9.9178.
    expect(stampDutyMinor(values, rateOn(stampDutyRates, '2026-06-30'), 365)).toBe(992n);
  });
});
