import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkLeverage,
  configurableLeverageMax,
  esmaRetailLeverageMax,
  indexKey,
  type LeverageSubject,
  leverageChoices,
  leverageClasses,
  leverageClassOf,
  retailLeverageMax,
} from './leverage';

const subject = (
  kind: LeverageSubject['kind'],
  name: string,
  baseAsset: string | null = null,
  currency = 'EUR',
): LeverageSubject => ({ kind, name, baseAsset, currency });

describe('ESMA retail caps', () => {
  it('are the table of Decision (EU) 2018/796: 30, 20, 20, 20, 10, 10, 5 and 2 to one', () => {
    expect(esmaRetailLeverageMax).toEqual({
      majorFx: 30,
      nonMajorFx: 20,
      gold: 20,
      majorIndex: 20,
      otherIndex: 10,
      commodity: 10,
      share: 5,
      crypto: 2,
    });
  });

  it('classify every instrument the catalogue lists (names as the catalogue writes them)', () => {
    const cap = (s: LeverageSubject) => esmaRetailLeverageMax[leverageClassOf(s)];
    expect(cap(subject('stock', 'Eni'))).toBe(5);
    expect(cap(subject('stock', 'Apple', null, 'USD'))).toBe(5);
    expect(cap(subject('crypto', 'Bitcoin', 'BTC', 'USDT'))).toBe(2);
    expect(cap(subject('fx', 'Euro / US Dollar', 'EUR', 'USD'))).toBe(30);
    // The FTSE MIB and the All-Share are not on ESMA's list of major indices.
    expect(cap(subject('index', 'FTSE MIB'))).toBe(10);
    expect(cap(subject('index', 'FTSE Italia All-Share'))).toBe(10);
    expect(cap(subject('index', 'DAX 40'))).toBe(20);
    expect(cap(subject('index', 'Euro Stoxx 50'))).toBe(20);
    expect(cap(subject('index', 'S&P 500', null, 'USD'))).toBe(20);
    expect(cap(subject('index', 'Nasdaq 100', null, 'USD'))).toBe(20);
  });

  it('know the rest of ESMA’s major indices and no look-alikes', () => {
    for (const name of [
      'FTSE 100',
      'CAC 40',
      'DAX30',
      'Dow Jones Industrial Average',
      'NASDAQ Composite',
      'Nikkei 225',
      'S&P/ASX 200',
      'ASX 200',
    ]) {
      expect(leverageClassOf(subject('index', name)), name).toBe('majorIndex');
    }
    for (const name of ['FTSE 250', 'Nasdaq 100 Tech', 'IBEX 35', 'Euro Stoxx 600']) {
      expect(leverageClassOf(subject('index', name)), name).toBe('otherIndex');
    }
  });

  it('call a pair major only when both currencies are among USD, EUR, JPY, GBP, CAD, CHF', () => {
    expect(leverageClassOf(subject('fx', 'GBP/JPY', 'GBP', 'JPY'))).toBe('majorFx');
    expect(leverageClassOf(subject('fx', 'CAD/CHF', 'CAD', 'CHF'))).toBe('majorFx');
    expect(leverageClassOf(subject('fx', 'EUR/NZD', 'EUR', 'NZD'))).toBe('nonMajorFx');
    expect(leverageClassOf(subject('fx', 'AUD/USD', 'AUD', 'USD'))).toBe('nonMajorFx');
    expect(leverageClassOf(subject('fx', 'USD/TRY', 'USD', 'TRY'))).toBe('nonMajorFx');
  });

  it('give gold 20:1 whether quoted as a commodity or as XAU/USD, and other commodities 10:1', () => {
    expect(leverageClassOf(subject('commodity', 'Gold', 'XAU', 'USD'))).toBe('gold');
    expect(leverageClassOf(subject('fx', 'Gold / US Dollar', 'XAU', 'USD'))).toBe('gold');
    expect(leverageClassOf(subject('commodity', 'Silver', 'XAG', 'USD'))).toBe('commodity');
  });

  it('read index names without regard to case, spaces or punctuation', () => {
    expect(indexKey('S&P 500')).toBe('SP500');
    expect(indexKey('euro stoxx-50')).toBe('EUROSTOXX50');
  });
});

describe('the configured cap', () => {
  it('may lower ESMA’s cap but never raise it', () => {
    expect(retailLeverageMax('share')).toBe(5);
    expect(retailLeverageMax('share', 3)).toBe(3);
    expect(retailLeverageMax('share', 10)).toBe(5);
    expect(retailLeverageMax('crypto', 100)).toBe(2);
  });

  it('ignores a configured value that is not a whole number of at least one', () => {
    expect(retailLeverageMax('majorFx', 0)).toBe(30);
    expect(retailLeverageMax('majorFx', 2.5)).toBe(30);
    expect(retailLeverageMax('majorFx', Number.NaN)).toBe(30);
  });

  it('is never above ESMA’s for any class and any configuration', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...leverageClasses),
        fc.integer({ min: -5, max: 1000 }),
        (c, configured) => {
          const max = retailLeverageMax(c, configured);
          expect(max).toBeLessThanOrEqual(esmaRetailLeverageMax[c]);
          expect(max).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });
});

describe('checkLeverage', () => {
  it('accepts 1:1 up to the cap: 5:1 on a share', () => {
    expect(checkLeverage(1, 5)).toBeNull();
    expect(checkLeverage(5, 5)).toBeNull();
  });

  it('refuses 6:1 on a share and 3:1 on crypto, naming the cap', () => {
    expect(checkLeverage(6, 5)).toEqual({ failure: 'leverage.aboveMax', leverageMax: 5 });
    expect(checkLeverage(3, 2)).toEqual({ failure: 'leverage.aboveMax', leverageMax: 2 });
  });

  it('refuses a leverage that is not a whole number of at least one', () => {
    for (const bad of [0, -2, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(checkLeverage(bad, 30), String(bad)).toEqual({ failure: 'leverage.invalid' });
    }
  });
});

describe('leverageChoices', () => {
  it('offers 1 and 2 under crypto’s 2:1, up to 5 under a share’s, the full ladder under 30:1', () => {
    expect(leverageChoices(2)).toEqual([1, 2]);
    expect(leverageChoices(5)).toEqual([1, 2, 3, 5]);
    expect(leverageChoices(10)).toEqual([1, 2, 3, 5, 10]);
    expect(leverageChoices(30)).toEqual([1, 2, 3, 5, 10, 20, 25, 30]);
  });

  it('adds a configured cap that is not on the ladder', () => {
    expect(leverageChoices(4)).toEqual([1, 2, 3, 4]);
  });

  it('offers only choices that checkLeverage accepts, and the cap itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (max) => {
        const choices = leverageChoices(max);
        expect(choices.at(-1)).toBe(max);
        for (const c of choices) expect(checkLeverage(c, max)).toBeNull();
      }),
    );
  });
});

describe('configurableLeverageMax', () => {
  it('lets an operator lower a cap down to 1:1, never raise it past ESMA’s retail limit', () => {
    expect(configurableLeverageMax('share', 5)).toBe(true);
    expect(configurableLeverageMax('share', 3)).toBe(true);
    expect(configurableLeverageMax('share', 1)).toBe(true);
    expect(configurableLeverageMax('share', 6)).toBe(false);
    expect(configurableLeverageMax('majorIndex', 20)).toBe(true);
    expect(configurableLeverageMax('otherIndex', 20)).toBe(false);
    expect(configurableLeverageMax('crypto', 2)).toBe(true);
    expect(configurableLeverageMax('crypto', 3)).toBe(false);
    for (const bad of [0, -1, 2.5, Number.NaN])
      expect(configurableLeverageMax('share', bad), String(bad)).toBe(false);
  });

  it('accepts exactly the caps retailLeverageMax would apply unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom(...leverageClasses), fc.integer({ min: -5, max: 40 }), (cls, cap) => {
        expect(configurableLeverageMax(cls, cap)).toBe(cap >= 1 && retailLeverageMax(cls, cap) === cap);
      }),
    );
  });
});
