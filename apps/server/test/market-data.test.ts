import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, TestClock } from './helper';

interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}
interface Candles {
  symbol: string;
  interval: string;
  list: Candle[];
}
interface Trades {
  symbol: string;
  list: { id: string; time: number; price: string; quantity: string; side: 'buy' | 'sell' }[];
}
interface Book {
  symbol: string;
  time: number;
  bids: [string, string][];
  asks: [string, string][];
}

// Monday 23 November 2026, 11:00 in Milan (10:00 UTC): Borsa Italiana is open, New York is not.
const clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
const minute = 60_000;
const day = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const decimal = (text: string) => Number(text);

describe('POST /stock/index/candles', () => {
  it("gives the newest 1m candles of ENI.MI up to now, oldest first, at 3 decimals and today's session", async () => {
    const res = await call<Candles>(t.app, 'POST', '/stock/index/candles', {
      symbol: 'ENI.MI',
      interval: '1m',
      limit: 5,
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ symbol: 'ENI.MI', interval: '1m' });
    const times = res.data.list.map((c) => c.time);
    // The candle forming at 10:00 UTC is the last; the four before it are the minutes just past.
    expect(times).toEqual([4, 3, 2, 1, 0].map((k) => clock.ms - k * minute));
    for (const c of res.data.list) {
      for (const price of [c.open, c.high, c.low, c.close]) expect(price).toMatch(/^\d+\.\d{3}$/);
      expect(c.volume).toMatch(/^\d+$/);
      expect(decimal(c.high)).toBeGreaterThanOrEqual(Math.max(decimal(c.open), decimal(c.close)));
      expect(decimal(c.low)).toBeLessThanOrEqual(Math.min(decimal(c.open), decimal(c.close)));
    }
  });

  it('gives 300 daily candles when no limit is given, years of history on the first start', async () => {
    const res = await call<Candles>(t.app, 'POST', '/stock/index/candles', {
      symbol: 'FTSEMIB.IDX',
      interval: '1d',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.list).toHaveLength(300);
    const years = await call<Candles>(t.app, 'POST', '/stock/index/candles', {
      symbol: 'FTSEMIB.IDX',
      interval: '1w',
      from: clock.ms - 5 * 365 * day,
      to: clock.ms,
      limit: 1000,
    });
    // Five years of weeks: about 260.
    expect(years.data.list.length).toBeGreaterThanOrEqual(255);
  });

  it('keeps to the range asked: open times in [from, to)', async () => {
    const from = Date.UTC(2026, 10, 20, 9, 0, 0);
    const to = Date.UTC(2026, 10, 20, 10, 0, 0);
    const res = await call<Candles>(t.app, 'POST', '/stock/index/candles', {
      symbol: 'ISP.MI',
      interval: '5m',
      from,
      to,
    });
    expect(res.data.list.map((c) => c.time)).toEqual(
      Array.from({ length: 12 }, (_, k) => from + k * 5 * minute),
    );
  });

  it('gives an hour that is exactly its sixty minutes', async () => {
    const from = Date.UTC(2026, 10, 20, 13, 0, 0);
    const to = from + 60 * minute;
    const hour = await call<Candles>(t.app, 'POST', '/stock/index/candles', {
      symbol: 'UCG.MI',
      interval: '1h',
      from,
      to,
    });
    const minutes = await call<Candles>(t.app, 'POST', '/stock/index/candles', {
      symbol: 'UCG.MI',
      interval: '1m',
      from,
      to,
      limit: 60,
    });
    const m = minutes.data.list;
    expect(m).toHaveLength(60);
    const cents = (s: string) => BigInt(s.replace('.', ''));
    const max = m.reduce((a, c) => (cents(c.high) > a ? cents(c.high) : a), 0n);
    const min = m.reduce((a, c) => (cents(c.low) < a ? cents(c.low) : a), cents(m[0]!.low));
    expect(hour.data.list).toHaveLength(1);
    expect(hour.data.list[0]).toMatchObject({ time: from, open: m[0]!.open, close: m[59]!.close });
    expect(cents(hour.data.list[0]!.high)).toBe(max);
    expect(cents(hour.data.list[0]!.low)).toBe(min);
    expect(BigInt(hour.data.list[0]!.volume)).toBe(m.reduce((a, c) => a + BigInt(c.volume), 0n));
  });

  it('answers the same over JSON, and reads a symbol typed in lower case', async () => {
    const form = await call<Candles>(t.app, 'POST', '/stock/index/candles', {
      symbol: 'eni.mi',
      interval: '1d',
      limit: 3,
    });
    const json = await call<Candles>(
      t.app,
      'POST',
      '/stock/index/candles',
      { symbol: 'ENI.MI', interval: '1d', limit: 3 },
      { json: true },
    );
    expect(form.data.symbol).toBe('ENI.MI');
    expect(json.data).toEqual(form.data);
  });

  it('names an unknown symbol, in Italian by default and in English', async () => {
    const it_ = await t.app.inject({
      method: 'POST',
      url: '/ipcg-api/stock/index/candles',
      payload: 'symbol=XYZ.MI&interval=1d',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(it_.json()).toEqual({ code: -1001, msg: 'Simbolo sconosciuto: XYZ.MI', data: null });
    const en = await call(t.app, 'POST', '/stock/index/candles', { symbol: 'XYZ.MI', interval: '1d' });
    expect(en).toMatchObject({ code: -1001, msg: 'Unknown symbol XYZ.MI' });
  });

  it('refuses an interval it does not know, naming the field and the intervals', async () => {
    const en = await call(t.app, 'POST', '/stock/index/candles', { symbol: 'ENI.MI', interval: '2h' });
    expect(en).toMatchObject({
      code: -1001,
      msg: 'interval must be one of 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w',
    });
    const it_ = await call(
      t.app,
      'POST',
      '/stock/index/candles',
      { symbol: 'ENI.MI', interval: '2h' },
      { lang: 'it-IT' },
    );
    expect(it_.msg).toBe('interval deve essere uno tra 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w');
    const missing = await call(t.app, 'POST', '/stock/index/candles', { symbol: 'ENI.MI' });
    expect(missing.code).toBe(-1001);
  });

  it('refuses a range that ends before it starts', async () => {
    const params = { symbol: 'ENI.MI', interval: '1h', from: clock.ms, to: clock.ms - day };
    expect(await call(t.app, 'POST', '/stock/index/candles', params)).toMatchObject({
      code: -1001,
      msg: 'from must be earlier than to',
    });
    expect((await call(t.app, 'POST', '/stock/index/candles', params, { lang: 'it-IT' })).msg).toBe(
      'from deve precedere to',
    );
  });

  it('refuses a range too long for the interval, naming the rule', async () => {
    const params = { symbol: 'ENI.MI', interval: '1m', from: clock.ms - 8 * day, to: clock.ms };
    expect(await call(t.app, 'POST', '/stock/index/candles', params)).toMatchObject({
      code: -1001,
      msg: 'A range of 1m candles may span at most 7 days',
    });
    expect((await call(t.app, 'POST', '/stock/index/candles', params, { lang: 'it-IT' })).msg).toBe(
      'Un intervallo di candele 1m può coprire al massimo 7 giorni',
    );
  });

  it('refuses a limit above 1000 or below 1, a time that is not a number, and unknown fields', async () => {
    const base = { symbol: 'ENI.MI', interval: '1d' };
    expect(await call(t.app, 'POST', '/stock/index/candles', { ...base, limit: 1001 })).toMatchObject({
      code: -1001,
      msg: 'limit must be a whole number from 1 to 1000',
    });
    expect((await call(t.app, 'POST', '/stock/index/candles', { ...base, limit: 0 })).code).toBe(-1001);
    expect(await call(t.app, 'POST', '/stock/index/candles', { ...base, from: 'yesterday' })).toMatchObject({
      code: -1001,
      msg: 'from must be a time in epoch milliseconds',
    });
    expect(await call(t.app, 'POST', '/stock/index/candles', { ...base, page: 2 })).toMatchObject({
      code: -1001,
      msg: 'Unknown field page',
    });
  });

  it('refuses a crypto pair, naming it: crypto candles are /coin/candles', async () => {
    const res = await call(t.app, 'POST', '/stock/index/candles', { symbol: 'BTCUSDT', interval: '1h' });
    expect(res).toMatchObject({
      code: -1001,
      msg: 'BTCUSDT is a crypto pair, not a share, index or exchange rate',
    });
  });

  it('is not answered on GET', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ipcg-api/stock/index/candles?symbol=ENI.MI&interval=1d',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /coin/candles', () => {
  it('gives BTCUSDT minutes around the clock, weekends included, at 2 decimals and 5 for the volume', async () => {
    const saturday = Date.UTC(2026, 10, 21, 12, 0, 0);
    const res = await call<Candles>(t.app, 'POST', '/coin/candles', {
      symbol: 'BTCUSDT',
      interval: '1m',
      from: saturday,
      to: saturday + 3 * minute,
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.list.map((c) => c.time)).toEqual([saturday, saturday + minute, saturday + 2 * minute]);
    expect(res.data.list[0]!.close).toMatch(/^\d+\.\d{2}$/);
    expect(res.data.list[0]!.volume).toMatch(/^\d+\.\d{5}$/);
  });

  it('refuses a share, naming it', async () => {
    const en = await call(t.app, 'POST', '/coin/candles', { symbol: 'ENI.MI', interval: '1h' });
    expect(en).toMatchObject({ code: -1001, msg: 'ENI.MI is not a crypto pair' });
    const it_ = await call(
      t.app,
      'POST',
      '/coin/candles',
      { symbol: 'ENI.MI', interval: '1h' },
      { lang: 'it-IT' },
    );
    expect(it_.msg).toBe('ENI.MI non è una coppia crypto');
  });

  it('refuses an unknown pair and a bad interval like the stock call', async () => {
    expect((await call(t.app, 'POST', '/coin/candles', { symbol: 'FOOUSDT', interval: '1h' })).msg).toBe(
      'Unknown symbol FOOUSDT',
    );
    expect((await call(t.app, 'POST', '/coin/candles', { symbol: 'BTCUSDT', interval: '1y' })).code).toBe(
      -1001,
    );
  });
});

describe('trades', () => {
  it('gives the latest trades of a share in session, newest first, no later than now', async () => {
    const res = await call<Trades>(t.app, 'POST', '/stock/index/trades', { symbol: 'ISP.MI', limit: 10 });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.list).toHaveLength(10);
    const times = res.data.list.map((x) => x.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Math.max(...times)).toBeLessThanOrEqual(clock.ms);
    for (const x of res.data.list) {
      expect(x.price).toMatch(/^\d+\.\d{3}$/);
      expect(BigInt(x.quantity)).toBeGreaterThan(0n);
      expect(['buy', 'sell']).toContain(x.side);
    }
  });

  it('gives 50 when no limit is given, and refuses more than 100', async () => {
    const res = await call<Trades>(t.app, 'POST', '/coin/trades', { symbol: 'ETHUSDT' });
    expect(res.data.list).toHaveLength(50);
    expect(await call(t.app, 'POST', '/coin/trades', { symbol: 'ETHUSDT', limit: 101 })).toMatchObject({
      code: -1001,
      msg: 'limit must be a whole number from 1 to 100',
    });
  });

  it('keep stock and coin symbols apart', async () => {
    expect((await call(t.app, 'POST', '/stock/index/trades', { symbol: 'ETHUSDT' })).code).toBe(-1001);
    expect((await call(t.app, 'POST', '/coin/trades', { symbol: 'ISP.MI' })).code).toBe(-1001);
  });
});

describe('books', () => {
  it('gives 20 levels a side in session, bids falling and asks rising, the spread positive and on the tick', async () => {
    const res = await call<Book>(t.app, 'POST', '/stock/index/books', { symbol: 'ENI.MI' });
    expect(res.code, res.msg).toBe(0);
    const { bids, asks } = res.data;
    expect(bids).toHaveLength(20);
    expect(asks).toHaveLength(20);
    const thousandths = (s: string) => Number(BigInt(s.replace('.', '')));
    const bidPrices = bids.map(([p]) => thousandths(p));
    const askPrices = asks.map(([p]) => thousandths(p));
    expect([...bidPrices].sort((a, b) => b - a)).toEqual(bidPrices);
    expect([...askPrices].sort((a, b) => a - b)).toEqual(askPrices);
    expect(askPrices[0]!).toBeGreaterThan(bidPrices[0]!);
    // ENI ticks by 0.002.
    for (const p of [...bidPrices, ...askPrices]) expect(p % 2).toBe(0);
  });

  it('gives as many levels as the depth asks, and refuses a depth above 20', async () => {
    const res = await call<Book>(t.app, 'POST', '/coin/books', { symbol: 'BTCUSDT', depth: 5 });
    expect(res.data.bids).toHaveLength(5);
    expect(res.data.asks).toHaveLength(5);
    expect(await call(t.app, 'POST', '/coin/books', { symbol: 'BTCUSDT', depth: 21 })).toMatchObject({
      code: -1001,
      msg: 'depth must be a whole number from 1 to 20',
    });
  });

  it('is empty for a share whose market is closed: nothing fills until the open', async () => {
    const res = await call<Book>(t.app, 'POST', '/stock/index/books', { symbol: 'AAPL.US' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ symbol: 'AAPL.US', bids: [], asks: [] });
  });
});
