import { describe, expect, it } from 'vitest';
import { catalogue } from '../../market/catalogue/catalogue';
import { foldForSearch, searchInstruments } from './search';

const symbols = (q: string) => searchInstruments(catalogue, q, 20).map((i) => i.symbol);

describe('foldForSearch', () => {
  it('drops case and accents', () => {
    expect(foldForSearch('  Società Cattolica ')).toBe('societa cattolica');
    expect(foldForSearch('ÉNÈL')).toBe('enel');
  });
});

describe('searchInstruments', () => {
  it('finds a share by its ISIN, in any case', () => {
    expect(symbols('IT0003132476')).toEqual(['ENI.MI']);
    expect(symbols('it0003132476')).toEqual(['ENI.MI']);
  });

  it('finds by name ignoring accents, and by ticker without the market suffix', () => {
    expect(symbols('Intesa Sànpaolo')).toEqual(['ISP.MI']);
    expect(symbols('ucg')).toEqual(['UCG.MI']);
  });

  it('puts an exact ticker before names that merely contain the text', () => {
    // 'G' is Generali's ticker; Iveco Group and Lottomatica Group merely contain the letter.
    const found = symbols('g');
    expect(found[0]).toBe('G.MI');
    expect(found).toContain('IVG.MI');
    expect(found).toContain('LTMC.MI');
  });

  it('finds nothing for text no instrument contains, and stops at the limit', () => {
    expect(symbols('zzzz')).toEqual([]);
    expect(searchInstruments(catalogue, 'a', 5)).toHaveLength(5);
  });
});
