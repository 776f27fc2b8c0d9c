import { describe, expect, it } from 'vitest';
import { quotedRates, referenceFxRates } from '../src/platform/fx';

describe('reference rates', () => {
  it('are EUR/USD 1.0850 and USDT/USD 1, named as reference rates', () => {
    expect(referenceFxRates.quotes()).toEqual([
      { base: 'EUR', quote: 'USD', rate: '1.0850', source: 'reference' },
      { base: 'USDT', quote: 'USD', rate: '1', source: 'reference' },
    ]);
  });

  it('give each quote, its inverse and the identity as exact fractions', () => {
    expect(referenceFxRates.rate('EUR', 'USD')).toEqual({ num: 217n, den: 200n });
    expect(referenceFxRates.rate('USD', 'EUR')).toEqual({ num: 200n, den: 217n });
    expect(referenceFxRates.rate('USDT', 'USD')).toEqual({ num: 1n, den: 1n });
    expect(referenceFxRates.rate('EUR', 'EUR')).toEqual({ num: 1n, den: 1n });
  });

  it('cross through a shared asset: USDT → EUR is 1 × 200/217, EUR → USDT is 217/200', () => {
    expect(referenceFxRates.rate('USDT', 'EUR')).toEqual({ num: 200n, den: 217n });
    expect(referenceFxRates.rate('EUR', 'USDT')).toEqual({ num: 217n, den: 200n });
  });

  it('know no rate for an asset no quote reaches', () => {
    expect(referenceFxRates.rate('BTC', 'EUR')).toBeUndefined();
    expect(referenceFxRates.rate('EUR', 'ENI.MI')).toBeUndefined();
  });

  it('cross in lowest terms: GBP/USD 1.25 and EUR/USD 1.0850 make GBP → EUR 250/217', () => {
    const rates = quotedRates([
      { base: 'GBP', quote: 'USD', rate: '1.25', source: 'reference' },
      { base: 'EUR', quote: 'USD', rate: '1.0850', source: 'reference' },
    ]);
    expect(rates.rate('GBP', 'EUR')).toEqual({ num: 250n, den: 217n });
  });

  it('refuse to start from a quote that is not a positive decimal', () => {
    expect(() => quotedRates([{ base: 'EUR', quote: 'USD', rate: '0', source: 'reference' }])).toThrow(
      /no valid rate/,
    );
    expect(() => quotedRates([{ base: 'EUR', quote: 'USD', rate: '1,08', source: 'reference' }])).toThrow();
  });
});
