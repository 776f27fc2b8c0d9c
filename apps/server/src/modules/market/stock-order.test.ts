import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../market/instrument';
import type { Quoted } from './market-rows';
import { changeBasisPoints, hottest, sortQuoted } from './stock-order';

function quoted(
  symbol: string,
  name: string,
  priceScale: number,
  last: bigint,
  prevClose: bigint,
  volume = 0n,
): Quoted {
  const instrument = { symbol, name, priceScale } as Instrument;
  return {
    instrument,
    quote: { symbol, time: 0, status: 'open', last, open: last, high: last, low: last, volume, prevClose },
  };
}

// 2.3500 at scale 4 is cheaper than 16.500 at scale 3; ENI is up 1.00%, A2A down 2.00%, TIT up 2.00%.
const a2a = quoted('A2A.MI', 'A2A', 4, 23_500n, 23_980n, 900n);
const eni = quoted('ENI.MI', 'Eni', 3, 16_500n, 16_336n, 500n);
const tit = quoted('TIT.MI', 'Telecom Italia', 4, 5_202n, 5_100n, 900n);
const rows = [eni, tit, a2a];
const order = (list: Quoted[]) => list.map((q) => q.instrument.symbol);

describe('sorting a country list', () => {
  it('compares last prices across price scales', () => {
    expect(order(sortQuoted(rows, 'price', 'desc'))).toEqual(['ENI.MI', 'A2A.MI', 'TIT.MI']);
    expect(order(sortQuoted(rows, 'price', 'asc'))).toEqual(['TIT.MI', 'A2A.MI', 'ENI.MI']);
  });

  it('sorts by change % and names, ties by symbol', () => {
    expect(changeBasisPoints(eni)).toBe(100n);
    expect(changeBasisPoints(a2a)).toBe(-200n);
    expect(order(sortQuoted(rows, 'change', 'desc'))).toEqual(['TIT.MI', 'ENI.MI', 'A2A.MI']);
    expect(order(sortQuoted(rows, 'name', 'asc'))).toEqual(['A2A.MI', 'ENI.MI', 'TIT.MI']);
    // A2A and TIT trade 900 each: the tie goes to the symbol, A to Z, whichever the order.
    expect(order(sortQuoted(rows, 'volume', 'desc'))).toEqual(['A2A.MI', 'TIT.MI', 'ENI.MI']);
    expect(order(sortQuoted(rows, 'volume', 'asc'))).toEqual(['ENI.MI', 'A2A.MI', 'TIT.MI']);
  });
});

describe('the hot list', () => {
  it('takes the largest moves either way, ties by symbol', () => {
    expect(order(hottest(rows, 2))).toEqual(['A2A.MI', 'TIT.MI']);
  });
});
