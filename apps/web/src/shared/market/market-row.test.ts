import { describe, expect, it } from 'vitest';
import { klinePath } from './market-row';

describe('a row opens its K-line page', () => {
  it('stocks and indices on the stock page, crypto pairs on the coin page, the symbol encoded', () => {
    expect(klinePath({ symbol: 'ENI.MI', kind: 'stock' })).toBe('/pages/stock/stockKline?symbol=ENI.MI');
    expect(klinePath({ symbol: 'FTSEMIB.IDX', kind: 'index' })).toBe(
      '/pages/stock/stockKline?symbol=FTSEMIB.IDX',
    );
    expect(klinePath({ symbol: 'BTCUSDT', kind: 'crypto' })).toBe('/pages/coin/coinKline?symbol=BTCUSDT');
    expect(klinePath({ symbol: 'A&B', kind: 'stock' })).toBe('/pages/stock/stockKline?symbol=A%26B');
  });
});
