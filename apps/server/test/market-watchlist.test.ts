import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchlistSizeMax } from '../src/modules/market/watchlist';
import { call, createTestApp, type TestApp, TestClock } from './helper';
import { registerInvestor } from './identity-steps';

interface Watched {
  list: { symbol: string; kind: string; last: string; status: string; collectedAt: number }[];
}

const clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function rows(userId: number): Promise<string[]> {
  const found = await t.db.query<{ symbol: string }>(
    'select symbol from watchlist_items where user_id = $1 order by symbol',
    [userId],
  );
  return found.map((r) => r.symbol);
}

describe('the watchlist', () => {
  it('asks a guest to log in, for every watchlist call', async () => {
    for (const path of [
      '/stock/collect/add',
      '/stock/collect/del',
      '/coin/collect/add',
      '/coin/collect/del',
    ]) {
      expect(await call(t.app, 'POST', path, { symbol: 'ENI.MI' }), path).toMatchObject({
        code: -1000,
        msg: 'You are not currently logged in, please go to log in',
      });
    }
    expect((await call(t.app, 'POST', '/stock/collect/list')).code).toBe(-1000);
  });

  it('adds shares and pairs once however often they are added, and lists them newest first with quotes', async () => {
    const me = await registerInvestor(t.app, 'preferiti@piazza.test');
    const add = (path: string, symbol: string) => call(t.app, 'POST', path, { symbol }, { token: me.token });

    expect(await add('/stock/collect/add', 'eni.mi')).toMatchObject({
      code: 0,
      data: { symbol: 'ENI.MI', collected: true },
    });
    clock.advance(1000);
    expect((await add('/coin/collect/add', 'BTCUSDT')).code).toBe(0);
    clock.advance(1000);
    expect((await add('/stock/collect/add', 'FTSEMIB.IDX')).code).toBe(0);
    clock.advance(1000);
    // Again: nothing changes, not even when it was added.
    expect(await add('/stock/collect/add', 'ENI.MI')).toMatchObject({ code: 0, data: { collected: true } });
    expect(await rows(me.user.id)).toEqual(['BTCUSDT', 'ENI.MI', 'FTSEMIB.IDX']);

    const list = await call<Watched>(t.app, 'POST', '/stock/collect/list', {}, { token: me.token });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.list.map((r) => [r.symbol, r.kind, r.status])).toEqual([
      ['FTSEMIB.IDX', 'index', 'open'],
      ['BTCUSDT', 'crypto', 'open'],
      ['ENI.MI', 'stock', 'open'],
    ]);
    expect(list.data.list[2]!.collectedAt).toBe(clock.ms - 3000);
    expect(list.data.list[0]!.last).toMatch(/^\d+\.\d{2}$/);
  });

  it('removes once, and removing what is not there changes nothing', async () => {
    const me = await registerInvestor(t.app, 'rimuovi@piazza.test');
    const post = (path: string, symbol: string) => call(t.app, 'POST', path, { symbol }, { token: me.token });
    await post('/stock/collect/add', 'ISP.MI');
    await post('/coin/collect/add', 'ETHUSDT');
    expect(await post('/stock/collect/del', 'ISP.MI')).toMatchObject({
      code: 0,
      data: { symbol: 'ISP.MI', collected: false },
    });
    expect(await post('/stock/collect/del', 'ISP.MI')).toMatchObject({ code: 0, data: { collected: false } });
    expect(await post('/coin/collect/del', 'SOLUSDT')).toMatchObject({ code: 0, data: { collected: false } });
    expect(await rows(me.user.id)).toEqual(['ETHUSDT']);
    expect((await post('/coin/collect/del', 'ETHUSDT')).code).toBe(0);
    const list = await call<Watched>(t.app, 'POST', '/stock/collect/list', {}, { token: me.token });
    expect(list.data.list).toEqual([]);
  });

  it('shows on the instrument page whether the investor watches it', async () => {
    const me = await registerInvestor(t.app, 'pagina@piazza.test');
    const info = () =>
      call<{ collected: boolean }>(t.app, 'GET', '/stock/info', { symbol: 'UCG.MI' }, { token: me.token });
    const ticker = () =>
      call<{ collected: boolean }>(t.app, 'POST', '/coin/ticker', { symbol: 'XRPUSDT' }, { token: me.token });
    expect((await info()).data.collected).toBe(false);
    await call(t.app, 'POST', '/stock/collect/add', { symbol: 'UCG.MI' }, { token: me.token });
    await call(t.app, 'POST', '/coin/collect/add', { symbol: 'XRPUSDT' }, { token: me.token });
    expect((await info()).data.collected).toBe(true);
    expect((await ticker()).data.collected).toBe(true);
    await call(t.app, 'POST', '/stock/collect/del', { symbol: 'UCG.MI' }, { token: me.token });
    expect((await info()).data.collected).toBe(false);
  });

  it('keeps each investor to their own list', async () => {
    const anna = await registerInvestor(t.app, 'anna@piazza.test');
    const bruno = await registerInvestor(t.app, 'bruno@piazza.test');
    await call(t.app, 'POST', '/stock/collect/add', { symbol: 'AAPL.US' }, { token: anna.token });
    const list = await call<Watched>(t.app, 'POST', '/stock/collect/list', {}, { token: bruno.token });
    expect(list.data.list).toEqual([]);
    expect(
      await call(t.app, 'POST', '/stock/collect/list', { userId: anna.user.id }, { token: bruno.token }),
    ).toMatchObject({
      code: -1001,
      msg: 'Unknown field userId',
    });
  });

  it('refuses an unknown symbol and the other market, naming the symbol, and stores nothing', async () => {
    const me = await registerInvestor(t.app, 'rifiuti@piazza.test');
    const post = (path: string, symbol: string, lang = 'en-US') =>
      call(t.app, 'POST', path, { symbol }, { token: me.token, lang });
    expect(await post('/stock/collect/add', 'XYZ.MI')).toMatchObject({
      code: -1001,
      msg: 'Unknown symbol XYZ.MI',
    });
    expect(await post('/stock/collect/add', 'BTCUSDT')).toMatchObject({
      code: -1001,
      msg: 'BTCUSDT is a crypto pair, not a share, index or exchange rate',
    });
    expect(await post('/coin/collect/add', 'ENI.MI', 'it-IT')).toMatchObject({
      code: -1001,
      msg: 'ENI.MI non è una coppia crypto',
    });
    expect(await post('/stock/collect/del', 'XYZ.MI')).toMatchObject({
      code: -1001,
      msg: 'Unknown symbol XYZ.MI',
    });
    expect((await call(t.app, 'POST', '/stock/collect/add', {}, { token: me.token })).msg).toBe(
      'symbol is required',
    );
    expect(await rows(me.user.id)).toEqual([]);
  });

  it(`holds at most ${watchlistSizeMax} instruments and says so, keeping what it has`, async () => {
    const me = await registerInvestor(t.app, 'pieno@piazza.test');
    await call(t.app, 'POST', '/stock/collect/add', { symbol: 'ENI.MI' }, { token: me.token });
    // The catalogue has fewer instruments than the limit: fill the rest with instruments made for the test.
    const fillers = watchlistSizeMax - 1;
    await t.db.query(
      `insert into instruments (symbol, name, kind, currency, calendar, price_scale, tick_size, quantity_scale,
         lot_size, anchor_price, volatility, drift, average_daily_volume)
       select 'FILL' || g, 'Filler ' || g, 'stock', 'EUR', 'XMIL', 3, 1, 0, 1, 1000, 0.2, 0, 1000
         from generate_series(1, $1::int) g`,
      [fillers],
    );
    await t.db.query(
      `insert into watchlist_items (user_id, symbol) select $1, 'FILL' || g from generate_series(1, $2::int) g`,
      [me.user.id, fillers],
    );
    const add = (symbol: string, lang = 'en-US') =>
      call(t.app, 'POST', '/stock/collect/add', { symbol }, { token: me.token, lang });
    // Adding what is already there still succeeds; adding one more does not.
    expect((await add('ENI.MI')).code).toBe(0);
    expect(await add('ISP.MI')).toMatchObject({
      code: -1001,
      msg: `Your watchlist is full: it holds at most ${watchlistSizeMax} instruments`,
    });
    expect((await add('ISP.MI', 'it-IT')).msg).toBe(
      `La tua lista dei preferiti è piena: contiene al massimo ${watchlistSizeMax} strumenti`,
    );
    const stored = await rows(me.user.id);
    expect(stored).toHaveLength(watchlistSizeMax);
    expect(stored).not.toContain('ISP.MI');
    // Symbols the catalogue does not quote stay stored but are not listed.
    const list = await call<Watched>(t.app, 'POST', '/stock/collect/list', {}, { token: me.token });
    expect(list.data.list.map((r) => r.symbol)).toEqual(['ENI.MI']);
  });
});
