import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, TestClock } from './helper';

interface Row {
  symbol: string;
  name: string;
  kind: string;
  isin: string | null;
  country: string | null;
  currency: string;
  priceScale: number;
  tickSize: string;
  lotSize: string;
  status: 'open' | 'closed';
  time: number;
  last: string;
  prevClose: string;
  change: string;
  changePercent: string;
  volume: string;
}
interface Rows {
  list: Row[];
}
interface Page extends Rows {
  total: number;
  page: number;
  size: number;
}

// Monday 23 November 2026, 11:00 in Milan: Milan trades, New York opens at 15:30 Milan time.
const clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** Hundredths of a percent, for comparing changes without floats. */
const basisPoints = (r: Row) => BigInt(r.changePercent.replace('.', ''));

describe('GET /stock/index/indices/list', () => {
  it('lists the six indices with live quotes: European ones open, US ones closed before New York opens', async () => {
    const res = await call<Rows>(t.app, 'GET', '/stock/index/indices/list');
    expect(res.code, res.msg).toBe(0);
    expect(res.data.list.map((r) => [r.symbol, r.status])).toEqual([
      ['FTSEMIB.IDX', 'open'],
      ['FTSEITALIASHARE.IDX', 'open'],
      ['DAX.IDX', 'open'],
      ['SX5E.IDX', 'open'],
      ['SPX.IDX', 'closed'],
      ['NDX.IDX', 'closed'],
    ]);
    const mib = res.data.list[0]!;
    expect(mib).toMatchObject({
      name: 'FTSE MIB',
      kind: 'index',
      currency: 'EUR',
      priceScale: 2,
      time: clock.ms,
    });
    expect(mib.last).toMatch(/^\d+\.\d{2}$/);
  });

  it('computes change and change % from the previous close, the percent truncated to 2 decimals', async () => {
    const res = await call<Rows>(t.app, 'GET', '/stock/index/indices/list');
    for (const r of res.data.list) {
      const last = BigInt(r.last.replace('.', ''));
      const prev = BigInt(r.prevClose.replace('.', ''));
      expect(BigInt(r.change.replace('.', '')), r.symbol).toBe(last - prev);
      expect(basisPoints(r), r.symbol).toBe(((last - prev) * 10_000n) / prev);
    }
  });
});

describe('GET /stock/country/list', () => {
  it('names Italy and the United States in the caller language, with their flags, currencies and shares', async () => {
    const it_ = await call<{ list: unknown[] }>(t.app, 'GET', '/stock/country/list', {}, { lang: 'it-IT' });
    expect(it_.data.list).toEqual([
      { code: 'IT', name: 'Italia', flag: 'IT', currency: 'EUR', stocks: 40 },
      { code: 'US', name: 'Stati Uniti', flag: 'US', currency: 'USD', stocks: 24 },
    ]);
    const en = await call<{ list: { name: string }[] }>(t.app, 'GET', '/stock/country/list');
    expect(en.data.list.map((c) => c.name)).toEqual(['Italy', 'United States']);
  });

  it('refuses unknown fields', async () => {
    expect(await call(t.app, 'GET', '/stock/country/list', { lang: 'it' })).toMatchObject({
      code: -1001,
      msg: 'Unknown field lang',
    });
  });
});

describe('GET /stock/list', () => {
  it('pages the 40 Italian shares by name, 20 a page by default', async () => {
    const first = await call<Page>(t.app, 'GET', '/stock/list', { country: 'IT' });
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ total: 40, page: 1, size: 20 });
    expect(first.data.list).toHaveLength(20);
    expect(first.data.list[0]).toMatchObject({
      symbol: 'A2A.MI',
      name: 'A2A',
      currency: 'EUR',
      status: 'open',
    });
    const second = await call<Page>(t.app, 'GET', '/stock/list', { country: 'it', page: 2 });
    const all = [...first.data.list, ...second.data.list].map((r) => r.symbol);
    expect(new Set(all).size).toBe(40);
    const third = await call<Page>(t.app, 'GET', '/stock/list', { country: 'IT', page: 3 });
    expect(third.data).toMatchObject({ list: [], total: 40, page: 3 });
  });

  it('sorts by change, highest first by default, and lowest first when asked', async () => {
    const down = await call<Page>(t.app, 'GET', '/stock/list', { country: 'IT', sort: 'change', size: 100 });
    const changes = down.data.list.map(basisPoints);
    expect([...changes].sort((a, b) => (b > a ? 1 : b < a ? -1 : 0))).toEqual(changes);
    const up = await call<Page>(t.app, 'GET', '/stock/list', {
      country: 'IT',
      sort: 'change',
      order: 'asc',
      size: 100,
    });
    expect(up.data.list.map(basisPoints)).toEqual([...changes].reverse());
  });

  it('sorts US shares by volume and by price', async () => {
    const byVolume = await call<Page>(t.app, 'GET', '/stock/list', {
      country: 'US',
      sort: 'volume',
      size: 100,
    });
    expect(byVolume.data.total).toBe(24);
    const volumes = byVolume.data.list.map((r) => BigInt(r.volume));
    expect([...volumes].sort((a, b) => (b > a ? 1 : b < a ? -1 : 0))).toEqual(volumes);
    const byPrice = await call<Page>(t.app, 'GET', '/stock/list', {
      country: 'US',
      sort: 'price',
      order: 'asc',
    });
    const prices = byPrice.data.list.map((r) => BigInt(r.last.replace('.', '')));
    expect([...prices].sort((a, b) => (a > b ? 1 : a < b ? -1 : 0))).toEqual(prices);
  });

  it('refuses a country with no shares, a malformed country, a bad sort or order, and a size above 100', async () => {
    expect(await call(t.app, 'GET', '/stock/list', { country: 'FR' })).toMatchObject({
      code: -1001,
      msg: 'No shares are listed for country FR',
    });
    expect((await call(t.app, 'GET', '/stock/list', { country: 'FR' }, { lang: 'it-IT' })).msg).toBe(
      'Nessun titolo quotato per il paese FR',
    );
    expect(await call(t.app, 'GET', '/stock/list', { country: 'Italia' })).toMatchObject({
      code: -1001,
      msg: 'country must be a two-letter country code',
    });
    expect(await call(t.app, 'GET', '/stock/list', {})).toMatchObject({
      code: -1001,
      msg: 'country is required',
    });
    expect(await call(t.app, 'GET', '/stock/list', { country: 'IT', sort: 'isin' })).toMatchObject({
      code: -1001,
      msg: 'sort must be change, volume, name or price',
    });
    expect(await call(t.app, 'GET', '/stock/list', { country: 'IT', order: 'up' })).toMatchObject({
      code: -1001,
      msg: 'order must be asc or desc',
    });
    expect(await call(t.app, 'GET', '/stock/list', { country: 'IT', size: 101 })).toMatchObject({
      code: -1001,
      msg: 'size must be between 1 and 100',
    });
  });
});

describe('GET /stock/list/hot', () => {
  it('gives the ten shares moving most today, either way', async () => {
    const hot = await call<Rows>(t.app, 'GET', '/stock/list/hot');
    expect(hot.code, hot.msg).toBe(0);
    expect(hot.data.list).toHaveLength(10);
    const size = (r: Row) => (basisPoints(r) < 0n ? -basisPoints(r) : basisPoints(r));
    const sizes = hot.data.list.map(size);
    expect([...sizes].sort((a, b) => (b > a ? 1 : b < a ? -1 : 0))).toEqual(sizes);
    const everyShare = [
      ...(await call<Page>(t.app, 'GET', '/stock/list', { country: 'IT', size: 100 })).data.list,
      ...(await call<Page>(t.app, 'GET', '/stock/list', { country: 'US', size: 100 })).data.list,
    ];
    const tenth = sizes[9]!;
    const outside = everyShare.filter((r) => !hot.data.list.some((h) => h.symbol === r.symbol));
    for (const r of outside) expect(size(r) <= tenth, r.symbol).toBe(true);
  });
});

describe('GET /stock/search', () => {
  it('finds a share by its ISIN', async () => {
    const res = await call<Rows>(t.app, 'GET', '/stock/search', { q: 'IT0003132476' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.list.map((r) => r.symbol)).toEqual(['ENI.MI']);
    expect(res.data.list[0]).toMatchObject({ isin: 'IT0003132476', status: 'open' });
  });

  it('finds by name ignoring case and accents: "pòste itàliane" is Poste Italiane', async () => {
    const res = await call<Rows>(t.app, 'GET', '/stock/search', { q: 'pòste itàliane' });
    expect(res.data.list.map((r) => r.name)).toEqual(['Poste Italiane']);
    const upper = await call<Rows>(t.app, 'GET', '/stock/search', { q: 'FERRARI' });
    expect(upper.data.list.map((r) => r.symbol)).toEqual(['RACE.MI']);
  });

  it('finds by symbol, the exact ticker first, indices too, never crypto pairs', async () => {
    const res = await call<Rows>(t.app, 'GET', '/stock/search', { q: 'ftse' });
    // The indices, and the ETFs that track a FTSE index (decision 052).
    expect(res.data.list.map((r) => r.symbol).sort()).toEqual(
      ['ETFMIB.MI', 'FTSEITALIASHARE.IDX', 'FTSEMIB.IDX', 'VWCE.MI', 'VWRL.MI'].sort(),
    );
    // Generali's ticker is G: it comes before every name that merely contains a g.
    const g = await call<Rows>(t.app, 'GET', '/stock/search', { q: 'g' });
    expect(g.data.list[0]!.symbol).toBe('G.MI');
    expect((await call<Rows>(t.app, 'GET', '/stock/search', { q: 'btc' })).data.list).toEqual([]);
  });

  it('answers an empty list for text nothing contains, and refuses an empty or overlong text', async () => {
    expect((await call<Rows>(t.app, 'GET', '/stock/search', { q: 'qwertyuiop' })).data.list).toEqual([]);
    expect(await call(t.app, 'GET', '/stock/search', { q: '  ' })).toMatchObject({
      code: -1001,
      msg: 'q must be 1 to 40 characters long',
    });
    expect((await call(t.app, 'GET', '/stock/search', { q: 'x'.repeat(41) }, { lang: 'it-IT' })).msg).toBe(
      'q deve contenere da 1 a 40 caratteri',
    );
  });
});

describe('GET /stock/info', () => {
  it('gives a share with its quote, its tick and lot, and that a guest does not watch it', async () => {
    const res = await call<Row & { collected: boolean }>(t.app, 'GET', '/stock/info', { symbol: 'TIT.MI' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      symbol: 'TIT.MI',
      name: 'Telecom Italia',
      isin: 'IT0003497168',
      priceScale: 4,
      tickSize: '0.0001',
      lotSize: '1',
      collected: false,
    });
    expect(res.data.last).toMatch(/^\d+\.\d{4}$/);
  });

  it('says when a closed market opens next from its calendar: New York at 09:30 there, 14:30 UTC', async () => {
    const milan = await call<{ status: string; nextOpen: number | null }>(t.app, 'GET', '/stock/info', {
      symbol: 'TIT.MI',
    });
    expect(milan.data).toMatchObject({ status: 'open', nextOpen: null });
    const ny = await call<{ status: string; nextOpen: number | null }>(t.app, 'GET', '/stock/info', {
      symbol: 'AAPL.US',
    });
    expect(ny.data).toMatchObject({ status: 'closed', nextOpen: Date.UTC(2026, 10, 23, 14, 30) });
  });

  it('answers for EUR/USD, and refuses a crypto pair and an unknown symbol by name', async () => {
    const fx = await call<Row>(t.app, 'GET', '/stock/info', { symbol: 'EURUSD.FX' });
    expect(fx.data).toMatchObject({ kind: 'fx', currency: 'USD', priceScale: 5, status: 'open' });
    expect((await call(t.app, 'GET', '/stock/info', { symbol: 'SOLUSDT' })).msg).toBe(
      'SOLUSDT is a crypto pair, not a share, index or exchange rate',
    );
    expect((await call(t.app, 'GET', '/stock/info', { symbol: 'NOPE.MI' }, { lang: 'it-IT' })).msg).toBe(
      'Simbolo sconosciuto: NOPE.MI',
    );
    expect((await call(t.app, 'GET', '/stock/info', {})).msg).toBe('symbol is required');
  });
});

describe('the coin calls', () => {
  it('/coin/infos lists the USDT pairs with their coin, tick and lot', async () => {
    const res = await call<{ list: (Omit<Row, 'last'> & { baseAsset: string; quantityScale: number })[] }>(
      t.app,
      'POST',
      '/coin/infos',
    );
    expect(res.data.list.length).toBeGreaterThanOrEqual(15);
    expect(res.data.list[0]).toMatchObject({
      symbol: 'BTCUSDT',
      baseAsset: 'BTC',
      currency: 'USDT',
      priceScale: 2,
      quantityScale: 5,
      tickSize: '0.01',
      lotSize: '0.00001',
    });
    expect('last' in res.data.list[0]!).toBe(false);
  });

  it('/coin/tickers quotes every pair, open on any day', async () => {
    const res = await call<Rows>(t.app, 'POST', '/coin/tickers');
    expect(res.data.list.length).toBeGreaterThanOrEqual(15);
    for (const r of res.data.list)
      expect(r).toMatchObject({ kind: 'crypto', status: 'open', time: clock.ms });
  });

  it('/coin/ticker quotes one pair and refuses a share', async () => {
    const res = await call<Row & { collected: boolean }>(t.app, 'POST', '/coin/ticker', {
      symbol: 'dogeusdt',
    });
    expect(res.data).toMatchObject({ symbol: 'DOGEUSDT', priceScale: 5, collected: false });
    expect((await call(t.app, 'POST', '/coin/ticker', { symbol: 'ENI.MI' })).msg).toBe(
      'ENI.MI is not a crypto pair',
    );
  });
});

describe('the OpenAPI document', () => {
  it('describes every market call with its method', async () => {
    const doc = (await t.app.inject({ url: '/ipcg-api/openapi.json' })).json();
    const paths = doc.paths as Record<string, Record<string, unknown>>;
    for (const p of ['/stock/index/candles', '/coin/candles', '/stock/collect/add', '/coin/books']) {
      expect(paths[`/ipcg-api${p}`]?.post, p).toBeDefined();
    }
    for (const p of ['/stock/index/indices/list', '/stock/country/list', '/stock/list', '/stock/search']) {
      expect(paths[`/ipcg-api${p}`]?.get, p).toBeDefined();
    }
  });
});
