import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { catalogue } from '../src/market/catalogue/catalogue';
import { call, freshDatabase, TestClock } from './helper';
import { registerInvestor } from './identity-steps';

/*
 * A restart: the server is built a second time on the same database, later in the day, with a new simulator
 * of the same seed. The history it shows must be the one shown before, and what was stored must be kept.
 */

interface Candles {
  list: { time: number; open: string; high: string; low: string; close: string; volume: string }[];
}

const db = await freshDatabase();
const config = loadConfig({ DEMO_MODE: '1', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
const start = (clock: TestClock) => buildApp({ config, db, clock, logger: false, seedDemo: false });
afterAll(() => db.drop());

// Friday 20 November 2026, 14:00 UTC; the second start is Monday morning. Each range ends where its last
// candle had closed by Friday 14:00 (a candle still forming then has more in it on Monday).
const before = Date.UTC(2026, 10, 20, 14, 0, 0);
const after = Date.UTC(2026, 10, 23, 9, 30, 0);
const fridayMidnight = Date.UTC(2026, 10, 20);
const mondayBefore = Date.UTC(2026, 10, 16);
const history = [
  { symbol: 'ENI.MI', interval: '1d', to: fridayMidnight, limit: 1000 },
  { symbol: 'ENI.MI', interval: '1m', from: before - 6 * 3_600_000, to: before, limit: 1000 },
  { symbol: 'FTSEMIB.IDX', interval: '1w', to: mondayBefore, limit: 260 },
  { symbol: 'AAPL.US', interval: '1h', to: before, limit: 500 },
] as const;
const coinHistory = { symbol: 'BTCUSDT', interval: '15m', to: before, limit: 1000 } as const;

async function read(app: App) {
  const stock = [];
  for (const params of history) {
    const res = await call<Candles>(app, 'POST', '/stock/index/candles', params);
    expect(res.code, res.msg).toBe(0);
    stock.push(res.data.list);
  }
  const coin = await call<Candles>(app, 'POST', '/coin/candles', coinHistory);
  return { stock, coin: coin.data.list };
}

let first: Awaited<ReturnType<typeof read>>;
let token: string;
let instrumentsStamp: Date[];

beforeAll(async () => {
  const app = await start(new TestClock(before));
  first = await read(app);
  const me = await registerInvestor(app, 'riavvio@piazza.test');
  token = me.token;
  await call(app, 'POST', '/stock/collect/add', { symbol: 'ENI.MI' }, { token });
  await call(app, 'POST', '/coin/collect/add', { symbol: 'BTCUSDT' }, { token });
  instrumentsStamp = (
    await db.query<{ updatedAt: Date }>('select updated_at as "updatedAt" from instruments order by symbol')
  ).map((r) => r.updatedAt);
  await app.close();
});

describe('after a restart', () => {
  it('shows the same history, candle for candle, at every interval', async () => {
    const app = await start(new TestClock(after));
    try {
      const second = await read(app);
      expect(first.stock[0]!.length).toBeGreaterThan(900);
      expect(first.stock[1]!.length).toBe(360);
      expect(first.coin.length).toBe(1000);
      expect(second).toEqual(first);
    } finally {
      await app.close();
    }
  });

  it('keeps the watchlist and the session, and leaves the instruments as they were', async () => {
    const app = await start(new TestClock(after));
    try {
      const list = await call<{ list: { symbol: string }[] }>(
        app,
        'POST',
        '/stock/collect/list',
        {},
        { token },
      );
      expect(list.code, list.msg).toBe(0);
      expect(list.data.list.map((r) => r.symbol).sort()).toEqual(['BTCUSDT', 'ENI.MI']);
      const rows = await db.query<{ updatedAt: Date }>(
        'select updated_at as "updatedAt" from instruments order by symbol',
      );
      expect(rows).toHaveLength(catalogue.length);
      // Nothing changed in the catalogue, so the start rewrote no row.
      expect(rows.map((r) => r.updatedAt)).toEqual(instrumentsStamp);
    } finally {
      await app.close();
    }
  });

  it('puts back a catalogue field changed in the database, since the code is the source', async () => {
    await db.query(
      `update instruments set name = 'Ente Nazionale Idrocarburi', tick_size = 5 where symbol = 'ENI.MI'`,
    );
    const app = await start(new TestClock(after));
    try {
      const [eni] = await db.query<{ name: string; tickSize: bigint }>(
        `select name, tick_size as "tickSize" from instruments where symbol = 'ENI.MI'`,
      );
      expect(eni).toEqual({ name: 'Eni', tickSize: 2n });
    } finally {
      await app.close();
    }
  });
});
