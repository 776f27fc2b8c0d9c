import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  d1d2,
  greeks,
  intrinsicMinor,
  modelPrice,
  normalCdf,
  normalPdf,
  type OptionInputs,
  optionPrice,
  premiumMinor,
  yearFraction,
} from './black-scholes';

const market = (
  spot: number,
  strike: number,
  rate: number,
  dividendYield: number,
  volatility: number,
  years: number,
): OptionInputs => ({ spot, strike, rate, dividendYield, volatility, years });

describe('the normal distribution function', () => {
  // Abramowitz & Stegun, Handbook of Mathematical Functions, Table 26.1, and the tails from mpmath at 50
  // digits: Φ(−5) = 2.866515718791939e-7, Φ(−10) = 7.619853024160525e-24.
  it.each<[number, number]>([
    [0, 0.5],
    [1, 0.841344746068543],
    [-1, 0.158655253931457],
    [1.96, 0.97500210485178],
    [-1.96, 0.0249978951482204],
    [2, 0.977249868051821],
    [3, 0.99865010196837],
    [-3, 0.00134989803163009],
  ])('Φ(%d) = %d to 14 decimals', (x, p) => {
    expect(Math.abs(normalCdf(x) - p)).toBeLessThan(1e-14);
  });

  it('keeps its relative accuracy far in the lower tail, where a premium is a tiny probability', () => {
    expect(normalCdf(-5) / 2.866515718791939e-7).toBeCloseTo(1, 8);
    expect(normalCdf(-10) / 7.619853024160525e-24).toBeCloseTo(1, 8);
    expect(normalCdf(-40)).toBe(0);
    expect(normalCdf(40)).toBe(1);
  });

  it('is symmetric, increasing and the integral of the density', () => {
    fc.assert(
      fc.property(fc.double({ min: -8, max: 8, noNaN: true }), (x) => {
        expect(normalCdf(x) + normalCdf(-x)).toBeCloseTo(1, 15);
        expect(normalCdf(x + 0.01)).toBeGreaterThanOrEqual(normalCdf(x));
        const h = 1e-5;
        expect((normalCdf(x + h) - normalCdf(x - h)) / (2 * h)).toBeCloseTo(normalPdf(x), 8);
      }),
    );
  });
});

describe('published Black–Scholes values', () => {
  it('Hull, Options, Futures, and Other Derivatives (8th ed.), Example 15.6: S 42, K 40, r 10%, σ 20%, six months', () => {
    const m = market(42, 40, 0.1, 0, 0.2, 0.5);
    const { d1, d2 } = d1d2(m);
    expect(d1).toBeCloseTo(0.7693, 4);
    expect(d2).toBeCloseTo(0.6278, 4);
    expect(optionPrice('call', m)).toBeCloseTo(4.76, 2);
    expect(optionPrice('put', m)).toBeCloseTo(0.81, 2);
    // The same to model accuracy (mpmath at 30 digits): 4.75942239287 and 0.8085993729.
    expect(optionPrice('call', m)).toBeCloseTo(4.75942239287, 10);
    expect(optionPrice('put', m)).toBeCloseTo(0.8085993729, 10);
  });

  it('Hull, Example 17.1: an index call with a 3% dividend yield, S 930, K 900, r 8%, σ 20%, two months', () => {
    const m = market(930, 900, 0.08, 0.03, 0.2, 2 / 12);
    const { d1, d2 } = d1d2(m);
    // Hull prints d1 = 0.5444 and d2 = 0.4628; the exact figures are 0.544479 and 0.462829.
    expect(d1).toBeCloseTo(0.5444, 3);
    expect(d2).toBeCloseTo(0.4628, 3);
    expect(optionPrice('call', m)).toBeCloseTo(51.83, 2);
  });

  it('Hull, chapter 19 (the Greek letters): S 49, K 50, r 5%, σ 20%, 20 weeks', () => {
    const m = market(49, 50, 0.05, 0, 0.2, 20 / 52);
    expect(optionPrice('call', m)).toBeCloseTo(2.4, 2);
    const g = greeks('call', m);
    expect(g.delta).toBeCloseTo(0.522, 3);
    expect(g.gamma).toBeCloseTo(0.066, 3);
    expect(g.vega).toBeCloseTo(12.1, 1);
    expect(g.theta).toBeCloseTo(-4.31, 2);
    // Hull: −4.31 a year is −0.0118 a calendar day.
    expect(g.theta / 365).toBeCloseTo(-0.0118, 4);
    expect(g.rho).toBeCloseTo(8.91, 2);
  });

  it('Haug, The Complete Guide to Option Pricing Formulas (2nd ed.), 1.1.1: S 60, K 65, three months, r 8%, σ 30%', () => {
    expect(optionPrice('call', market(60, 65, 0.08, 0, 0.3, 0.25))).toBeCloseTo(2.1334, 4);
  });

  it('Haug, 1.1.2 (Merton 1973): a put with a 5% dividend yield, S 100, K 95, six months, r 10%, σ 20%', () => {
    expect(optionPrice('put', market(100, 95, 0.1, 0.05, 0.2, 0.5))).toBeCloseTo(2.4648, 4);
  });

  it('a put’s greeks by the same formulas: S 100, K 95, q 5% (mpmath: delta −0.264182, theta −3.000528)', () => {
    const g = greeks('put', market(100, 95, 0.1, 0.05, 0.2, 0.5));
    expect(g.delta).toBeCloseTo(-0.2641816, 6);
    expect(g.gamma).toBeCloseTo(0.0228395743, 9);
    expect(g.vega).toBeCloseTo(22.8395743, 6);
    expect(g.theta).toBeCloseTo(-3.0005281, 6);
  });
});

describe('with no time or no volatility left', () => {
  it('is worth its intrinsic value at expiry, and a call and a put are never both worth something', () => {
    expect(optionPrice('call', market(110, 100, 0.05, 0, 0.3, 0))).toBe(10);
    expect(optionPrice('put', market(110, 100, 0.05, 0, 0.3, 0))).toBe(0);
    expect(optionPrice('put', market(90, 100, 0.05, 0, 0.3, 0))).toBe(10);
    expect(optionPrice('call', market(100, 100, 0.05, 0, 0.3, 0))).toBe(0);
    expect(greeks('call', market(110, 100, 0.05, 0, 0.3, 0))).toMatchObject({ delta: 1, gamma: 0, vega: 0 });
    expect(greeks('put', market(110, 100, 0.05, 0, 0.3, 0)).delta).toBe(0);
  });

  it('with no volatility is the discounted forward’s intrinsic value: 100 − 100·e^(−0.05) for a one-year call', () => {
    expect(optionPrice('call', market(100, 100, 0.05, 0, 0, 1))).toBeCloseTo(100 - 100 * Math.exp(-0.05), 12);
    expect(optionPrice('put', market(100, 100, 0.05, 0, 0, 1))).toBe(0);
  });

  it('approaches that value continuously as expiry nears', () => {
    const near = optionPrice('call', market(110, 100, 0.05, 0, 0.3, 1e-9));
    expect(near).toBeCloseTo(10, 6);
  });

  it('refuses inputs no market has, as a programming error', () => {
    expect(() => optionPrice('call', market(0, 100, 0.05, 0, 0.2, 1))).toThrow(RangeError);
    expect(() => optionPrice('call', market(100, -1, 0.05, 0, 0.2, 1))).toThrow(RangeError);
    expect(() => optionPrice('call', market(100, 100, 0.05, 0, -0.2, 1))).toThrow(RangeError);
    expect(() => optionPrice('call', market(100, 100, 0.05, 0, 0.2, -1))).toThrow(RangeError);
    expect(() => optionPrice('call', market(100, 100, Number.NaN, 0, 0.2, 1))).toThrow(RangeError);
    expect(() => d1d2(market(100, 100, 0.05, 0, 0.2, 0))).toThrow(RangeError);
  });
});

const inputs = fc.record({
  spot: fc.double({ min: 1, max: 100_000, noNaN: true }),
  moneyness: fc.double({ min: 0.3, max: 3, noNaN: true }),
  rate: fc.double({ min: -0.01, max: 0.15, noNaN: true }),
  dividendYield: fc.double({ min: 0, max: 0.1, noNaN: true }),
  volatility: fc.double({ min: 0.01, max: 2, noNaN: true }),
  years: fc.double({ min: 1 / 365, max: 5, noNaN: true }),
});
const toMarket = ({
  moneyness,
  ...m
}: { spot: number; moneyness: number } & Omit<OptionInputs, 'spot' | 'strike'>) => ({
  ...m,
  strike: m.spot * moneyness,
});

describe('no-arbitrage properties', () => {
  it('put–call parity: C − P = S·e^(−qT) − K·e^(−rT)', () => {
    fc.assert(
      fc.property(inputs, (raw) => {
        const m = toMarket(raw);
        const forward =
          m.spot * Math.exp(-m.dividendYield * m.years) - m.strike * Math.exp(-m.rate * m.years);
        const gap = optionPrice('call', m) - optionPrice('put', m) - forward;
        expect(Math.abs(gap)).toBeLessThan(1e-10 * (m.spot + m.strike));
      }),
    );
  });

  it('bounds: max(S·e^(−qT) − K·e^(−rT), 0) ≤ C ≤ S·e^(−qT) and max(K·e^(−rT) − S·e^(−qT), 0) ≤ P ≤ K·e^(−rT)', () => {
    fc.assert(
      fc.property(inputs, (raw) => {
        const m = toMarket(raw);
        const s = m.spot * Math.exp(-m.dividendYield * m.years);
        const k = m.strike * Math.exp(-m.rate * m.years);
        const tolerance = 1e-10 * (m.spot + m.strike);
        const call = optionPrice('call', m);
        const put = optionPrice('put', m);
        expect(call).toBeGreaterThanOrEqual(Math.max(s - k, 0) - tolerance);
        expect(call).toBeLessThanOrEqual(s + tolerance);
        expect(put).toBeGreaterThanOrEqual(Math.max(k - s, 0) - tolerance);
        expect(put).toBeLessThanOrEqual(k + tolerance);
      }),
    );
  });

  it('a call is worth more as the spot rises and a put less; both more with more volatility', () => {
    fc.assert(
      fc.property(inputs, (raw) => {
        const m = toMarket(raw);
        const up = { ...m, spot: m.spot * 1.01 };
        const wilder = { ...m, volatility: m.volatility + 0.05 };
        const tolerance = 1e-10 * (m.spot + m.strike);
        expect(optionPrice('call', up)).toBeGreaterThanOrEqual(optionPrice('call', m) - tolerance);
        expect(optionPrice('put', up)).toBeLessThanOrEqual(optionPrice('put', m) + tolerance);
        expect(optionPrice('call', wilder)).toBeGreaterThanOrEqual(optionPrice('call', m) - tolerance);
        expect(optionPrice('put', wilder)).toBeGreaterThanOrEqual(optionPrice('put', m) - tolerance);
      }),
    );
  });

  it('delta and vega are the slopes of the price', () => {
    fc.assert(
      fc.property(inputs, fc.constantFrom('call' as const, 'put' as const), (raw, right) => {
        const m = toMarket(raw);
        const g = greeks(right, m);
        const h = m.spot * 1e-5;
        const slope =
          (optionPrice(right, { ...m, spot: m.spot + h }) - optionPrice(right, { ...m, spot: m.spot - h })) /
          (2 * h);
        // The central difference is off by about h²·Δ‴/6; Δ‴ ≈ (Γ(S+h) − Γ(S−h)) / 2h, so h·|ΔΓ| bounds that
        // error with room to spare — a near-expiry, low-volatility option at the money is steep enough for
        // a fixed 1e-5 to be wrong about a correct delta.
        const truncation =
          h *
          Math.abs(
            greeks(right, { ...m, spot: m.spot + h }).gamma - greeks(right, { ...m, spot: m.spot - h }).gamma,
          );
        expect(Math.abs(slope - g.delta)).toBeLessThan(1e-6 + truncation);
        const v = 1e-6;
        const vegaSlope =
          (optionPrice(right, { ...m, volatility: m.volatility + v }) -
            optionPrice(right, { ...m, volatility: m.volatility - v })) /
          (2 * v);
        expect(Math.abs(vegaSlope - g.vega)).toBeLessThan(1e-4 * (m.spot + 1));
      }),
    );
  });
});

describe('premiumMinor', () => {
  it('charges the buyer of one 100-share contract of Hull’s call 475.95 and pays 475.94 to close (4.759422… a share)', () => {
    const perShare = optionPrice('call', market(42, 40, 0.1, 0, 0.2, 0.5));
    expect(premiumMinor(perShare, 100n, 2, 'buy')).toBe(47595n);
    expect(premiumMinor(perShare, 100n, 2, 'sell')).toBe(47594n);
    const put = optionPrice('put', market(42, 40, 0.1, 0, 0.2, 0.5));
    expect(premiumMinor(put, 100n, 2, 'buy')).toBe(8086n);
    expect(premiumMinor(put, 100n, 2, 'sell')).toBe(8085n);
  });

  it('rounds nothing when the premium is whole: 2.50 a unit for 10 units is 25.00 either way', () => {
    expect(premiumMinor(2.5, 10n, 2, 'buy')).toBe(2500n);
    expect(premiumMinor(2.5, 10n, 2, 'sell')).toBe(2500n);
  });

  it('rounds the total once, not each unit: 0.001 a unit for 1,000 units is 1.00, not 1,000 × 0.01', () => {
    expect(premiumMinor(0.001, 1000n, 2, 'buy')).toBe(100n);
  });

  it('charges at least one minor unit for any positive premium, and nothing for a worthless option', () => {
    expect(premiumMinor(1e-12, 1n, 2, 'buy')).toBe(1n);
    expect(premiumMinor(1e-12, 1n, 2, 'sell')).toBe(0n);
    expect(premiumMinor(0, 1n, 2, 'buy')).toBe(0n);
  });

  it('refuses a negative or non-finite premium and no units as programming errors', () => {
    expect(() => premiumMinor(-0.01, 1n, 2, 'buy')).toThrow(RangeError);
    expect(() => premiumMinor(Number.POSITIVE_INFINITY, 1n, 2, 'buy')).toThrow(RangeError);
    expect(() => premiumMinor(1, 0n, 2, 'buy')).toThrow(RangeError);
  });

  it('a buy is never below the exact value and a close never above it, at most one minor unit apart', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.bigInt({ min: 1n, max: 10_000n }),
        fc.constantFrom(2, 6, 8),
        (perUnit, units, scale) => {
          const buy = premiumMinor(perUnit, units, scale, 'buy');
          const sell = premiumMinor(perUnit, units, scale, 'sell');
          expect(buy - sell === 0n || buy - sell === 1n).toBe(true);
          const exact = perUnit * Number(units) * 10 ** scale;
          expect(Number(buy)).toBeGreaterThanOrEqual(exact * (1 - 1e-12));
          expect(Number(sell)).toBeLessThanOrEqual(exact * (1 + 1e-12));
        },
      ),
    );
  });
});

describe('intrinsicMinor at expiry', () => {
  it('pays 48.00 for 100 ENI calls struck at 16.000 settling at 16.480, and nothing for the puts', () => {
    expect(intrinsicMinor('call', 16480n, 16000n, 100n, 3, 2)).toBe(4800n);
    expect(intrinsicMinor('put', 16480n, 16000n, 100n, 3, 2)).toBe(0n);
    expect(intrinsicMinor('put', 15520n, 16000n, 100n, 3, 2)).toBe(4800n);
  });

  it('pays nothing at the money', () => {
    expect(intrinsicMinor('call', 16000n, 16000n, 100n, 3, 2)).toBe(0n);
    expect(intrinsicMinor('put', 16000n, 16000n, 100n, 3, 2)).toBe(0n);
  });

  it('keeps a remainder finer than a cent: 10 units 0.0045 in the money at a 4-decimal price pay 0.04', () => {
    expect(intrinsicMinor('call', 12345n, 12300n, 10n, 4, 2)).toBe(4n);
  });

  it('the most a buyer loses is the premium: settlement never takes money from the holder', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('call' as const, 'put' as const),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 1000n }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        (right, settlement, strike, units, premiumPaid) => {
          const payoff = intrinsicMinor(right, settlement, strike, units, 3, 2);
          expect(payoff).toBeGreaterThanOrEqual(0n);
          expect(payoff - premiumPaid).toBeGreaterThanOrEqual(-premiumPaid);
        },
      ),
    );
  });
});

describe('clock and prices for the model', () => {
  it('counts years ACT/365 and none once expired', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(yearFraction(0, 365 * day)).toBe(1);
    expect(yearFraction(0, 73 * day)).toBe(0.2);
    expect(yearFraction(10 * day, 0)).toBe(0);
  });

  it('reads a price in minor units as the model’s number: 16480 at scale 3 is 16.48', () => {
    expect(modelPrice(16480n, 3)).toBe(16.48);
    expect(modelPrice(9_500_000n, 2)).toBe(95_000);
  });
});
