import { describe, expect, it } from 'vitest';
import type { MarketRow } from './market-row';
import { defaultSortOrder, nextSortOrder, sortRows } from './sort-rows';

const row = (
  symbol: string,
  name: string,
  last: string,
  changePercent: string,
  volume: string,
): MarketRow => ({
  symbol,
  name,
  kind: 'stock',
  priceScale: 3,
  last,
  change: '0',
  changePercent,
  volume,
  status: 'open',
});

const rows = [
  row('ENI.MI', 'Eni', '14.236', '1.20', '9000000'),
  row('ISP.MI', 'Intesa Sanpaolo', '4.1', '-0.35', '120000000'),
  row('RACE.MI', 'Ferrari', '401.5', '12.00', '300000'),
  row('A2A.MI', 'A2A', '2.05', '2.5', '15000000'),
  row('ENEL.MI', 'Enel', '--', '--', '--'),
];
const symbols = (list: MarketRow[]) => list.map((r) => r.symbol);

describe('sorting a market list', () => {
  it('by change: the largest rise first, by number and not by text ("12.00" above "2.5")', () => {
    expect(symbols(sortRows(rows, defaultSortOrder, 'it-IT'))).toEqual([
      'RACE.MI',
      'A2A.MI',
      'ENI.MI',
      'ISP.MI',
      'ENEL.MI',
    ]);
  });

  it('by price ascending and volume descending, a row without figures last either way', () => {
    expect(symbols(sortRows(rows, { key: 'price', direction: 'asc' }, 'en-US'))).toEqual([
      'A2A.MI',
      'ISP.MI',
      'ENI.MI',
      'RACE.MI',
      'ENEL.MI',
    ]);
    expect(symbols(sortRows(rows, { key: 'volume', direction: 'desc' }, 'en-US'))).toEqual([
      'ISP.MI',
      'A2A.MI',
      'ENI.MI',
      'RACE.MI',
      'ENEL.MI',
    ]);
  });

  it('by name: A to Z, digits in number order, ignoring case', () => {
    const named = [...rows, row('ABC.MI', 'a2a bis', '1', '0', '1')];
    expect(sortRows(named, { key: 'name', direction: 'asc' }, 'it-IT').map((r) => r.name)).toEqual([
      'A2A',
      'a2a bis',
      'Enel',
      'Eni',
      'Ferrari',
      'Intesa Sanpaolo',
    ]);
  });

  it('does not change the list it was given', () => {
    const before = symbols(rows);
    sortRows(rows, { key: 'name', direction: 'desc' }, 'it-IT');
    expect(symbols(rows)).toEqual(before);
  });

  it('tapping the current key flips it; a new key starts largest first, or A to Z for names', () => {
    expect(nextSortOrder(defaultSortOrder, 'change')).toEqual({ key: 'change', direction: 'asc' });
    expect(nextSortOrder({ key: 'change', direction: 'asc' }, 'change')).toEqual(defaultSortOrder);
    expect(nextSortOrder(defaultSortOrder, 'volume')).toEqual({ key: 'volume', direction: 'desc' });
    expect(nextSortOrder(defaultSortOrder, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });
});
