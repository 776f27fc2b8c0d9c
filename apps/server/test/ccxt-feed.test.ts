import { readFileSync } from 'node:fs';
import { parseAmount } from '@piazza/core/money';
import { afterEach, describe, expect, it } from 'vitest';
import type { Candle } from '../src/market/feed';
import { type CcxtFeed, createCcxtFeed, toCcxtSymbol } from '../src/market/feeds/ccxt-feed';
import { FeedUnavailableError } from '../src/market/feeds/feed-unavailable';
import type { Instrument } from '../src/market/instrument';
import { type BinanceReplay, binanceReplay, recordedAtMs } from './fixtures/ccxt/replay';

const hourMs = 3_600_000;

function pair(symbol: string, baseAsset: string, priceScale: number, quantityScale: number): Instrument {
  return {
    symbol,
    name: baseAsset,
    kind: 'crypto',
    isin: null,
    country: null,
    sector: null,
    currency: 'USDT',
    baseAsset,
    calendar: 'CRYPTO',
    priceScale,
    tickSize: 1n,
    quantityScale,
    lotSize: 1n,
    anchorPrice: 1n,
    volatility: 0.6,
    drift: 0,
    averageDailyVolume: 1n,
    listed: true,
  };
}

const eni: Instrument = {
  ...pair('ENI.MI', 'ENI', 3, 0),
  kind: 'stock',
  baseAsset: null,
  currency: 'EUR',
  calendar: 'XMIL',
};

/** The scales Binance itself uses, as the catalogue should have them. */
const catalogue = [
  pair('BTCUSDT', 'BTC', 2, 5),
  pair('ETHUSDT', 'ETH', 2, 4),
  pair('SHIBUSDT', 'SHIB', 8, 0),
  pair('DOGEUSDT', 'DOGE', 5, 0),
  // Binance stopped trading MATIC (status BREAK) and never listed PEPE/USDT in the recording.
  pair('MATICUSDT', 'MATIC', 4, 1),
  pair('PEPEUSDT', 'PEPE', 8, 0),
  eni,
];

class MovableClock {
  constructor(public ms = recordedAtMs) {}
  now() {
    return this.ms;
  }
  advance(ms: number) {
    this.ms += ms;
  }
}

interface Setup {
  feed: CcxtFeed;
  replay: BinanceReplay;
  clock: MovableClock;
  warnings: string[];
}

const opened: Setup[] = [];

async function open(
  options: {
    instruments?: Instrument[];
    ohlcvPageLimit?: number;
    prepare?: (replay: BinanceReplay) => void;
  } = {},
): Promise<Setup> {
  const replay = await binanceReplay();
  options.prepare?.(replay);
  const clock = new MovableClock();
  const warnings: string[] = [];
  const feed = await createCcxtFeed({
    exchange: 'binance',
    instruments: options.instruments ?? catalogue,
    exchangeFactory: () => replay.exchange,
    clock,
    log: { warn: (message: string) => warnings.push(message) },
    ohlcvPageLimit: options.ohlcvPageLimit,
  });
  const setup = { feed, replay, clock, warnings };
  opened.push(setup);
  return setup;
}

afterEach(async () => {
  for (const { feed, replay } of opened.splice(0)) {
    await feed.close();
    // Every request the feed made was one the recordings answer.
    expect(replay.unanswered).toEqual([]);
  }
});

const requestsTo = (replay: BinanceReplay, path: string) => replay.requests.filter((r) => r.includes(path));

/** The recorded value as minor units, read from Binance's decimal text (no float on this path). */
function minor(text: string, scale: number): bigint {
  const trimmed = text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  const value = parseAmount(trimmed, scale);
  if (value === null) throw new Error(`${text} does not fit scale ${scale}`);
  return value;
}

type KlineRow = [number, string, string, string, string, string];
const recordedKlines = (interval: string): Candle[] =>
  (
    JSON.parse(
      readFileSync(
        new URL(`./fixtures/ccxt/binance/klines-BTCUSDT-${interval}.json`, import.meta.url),
        'utf8',
      ),
    ) as KlineRow[]
  ).map(([time, open, high, low, close, volume]) => ({
    time,
    open: minor(open, 2),
    high: minor(high, 2),
    low: minor(low, 2),
    close: minor(close, 2),
    volume: minor(volume, 5),
  }));

async function failure(promise: Promise<unknown>): Promise<FeedUnavailableError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof FeedUnavailableError))
    throw new Error(`expected FeedUnavailableError, got ${error}`);
  return error;
}

describe('ccxt feed: symbols', () => {
  it("covers the catalogue's crypto pairs under ccxt's names, and asks Binance by its own ids", async () => {
    const { feed, replay } = await open();
    expect(feed.name).toBe('ccxt:binance');
    expect(feed.covers('BTCUSDT')).toBe(true);
    expect(feed.covers('SHIBUSDT')).toBe(true);
    expect(feed.covers('ENI.MI')).toBe(false);
    expect(feed.covers('XRPUSDT')).toBe(false); // listed on Binance, not in our catalogue
    expect(toCcxtSymbol(catalogue[0]!)).toBe('BTC/USDT');

    await feed.quote('BTCUSDT', recordedAtMs);
    // Spot markets only (no futures exchangeInfo), then one ticker request for the pairs Binance trades.
    expect(replay.requests).toEqual([
      'GET /api/v3/exchangeInfo',
      'GET /api/v3/ticker/24hr?symbols=["BTCUSDT","ETHUSDT","SHIBUSDT","DOGEUSDT"]',
    ]);
  });

  it("refuses pairs the exchange does not trade as 'unlisted', without counting it against the exchange", async () => {
    const { feed, warnings } = await open();
    expect((await failure(feed.quote('MATICUSDT', recordedAtMs))).reason).toBe('unlisted');
    expect((await failure(feed.book('PEPEUSDT', recordedAtMs, 20))).reason).toBe('unlisted');
    expect((await failure(feed.candles('ENI.MI', '1h', 0, recordedAtMs, 10))).reason).toBe('unlisted');
    expect(feed.healthy()).toBe(true);
    expect(warnings).toEqual([
      'ccxt:binance does not trade MATIC/USDT now: MATICUSDT stays on the fallback feed',
      'ccxt:binance does not list PEPE/USDT: PEPEUSDT stays on the fallback feed',
    ]);
  });
});

describe('ccxt feed: quotes', () => {
  it('turns the 24-hour ticker into a quote at the pair scales, change against the price 24 hours ago', async () => {
    const { feed } = await open();
    expect(await feed.quote('BTCUSDT', recordedAtMs)).toEqual({
      symbol: 'BTCUSDT',
      time: 1795185012258,
      status: 'open',
      last: 9771573n, // 97715.73
      open: 9668096n, // 96680.96, 24 hours ago
      high: 9923240n,
      low: 9649464n,
      volume: 1773424781n, // 17734.24781 BTC
      prevClose: 9668096n,
    });
    const shib = await feed.quote('SHIBUSDT', recordedAtMs);
    expect([shib.last, shib.prevClose, shib.volume]).toEqual([873n, 889n, 2301234700000n]);
    const doge = await feed.quote('DOGEUSDT', recordedAtMs);
    expect([doge.last, doge.high, doge.volume]).toEqual([15872n, 16006n, 1203341877n]);
  });

  it("rounds to the catalogue's scale when it is coarser than the exchange's, and says so once", async () => {
    const coarse = [pair('BTCUSDT', 'BTC', 1, 3), pair('ETHUSDT', 'ETH', 0, 2)];
    const { feed, warnings } = await open({ instruments: coarse });
    const btc = await feed.quote('BTCUSDT', recordedAtMs);
    // 97715.73 → 97715.7; 96680.96 → 96681.0; 17734.24781 BTC cut to 17734.247.
    expect([btc.last, btc.open, btc.volume]).toEqual([977157n, 966810n, 17734247n]);
    // 3187.46 → 3187; 402511.8472 ETH cut to 402511.84.
    const eth = await feed.quote('ETHUSDT', recordedAtMs);
    expect([eth.last, eth.volume]).toEqual([3187n, 40251184n]);
    await feed.quote('BTCUSDT', recordedAtMs);
    expect(warnings).toEqual([
      'ccxt:binance quotes BTC/USDT to 2 price and 5 amount decimals; BTCUSDT keeps 1 and 3, so values are rounded',
      'ccxt:binance quotes ETH/USDT to 2 price and 4 amount decimals; ETHUSDT keeps 0 and 2, so values are rounded',
    ]);
  });

  it('asks once a second for all pairs however many quotes are read', async () => {
    const { feed, replay, clock } = await open();
    await Promise.all(['BTCUSDT', 'ETHUSDT', 'SHIBUSDT', 'BTCUSDT'].map((s) => feed.quote(s, clock.now())));
    clock.advance(999);
    await feed.quote('DOGEUSDT', clock.now());
    expect(requestsTo(replay, '/ticker/24hr')).toHaveLength(1);
    clock.advance(1);
    await feed.quote('DOGEUSDT', clock.now());
    expect(requestsTo(replay, '/ticker/24hr')).toHaveLength(2);
  });

  it('asks pair by pair where the exchange has no batch of tickers', async () => {
    const { feed, replay } = await open({
      prepare: (r) => {
        r.exchange.has.fetchTickers = false;
      },
    });
    expect((await feed.quote('ETHUSDT', recordedAtMs)).last).toBe(318746n);
    expect((await feed.quote('BTCUSDT', recordedAtMs)).last).toBe(9771573n);
    expect(requestsTo(replay, '/ticker/24hr')).toEqual([
      'GET /api/v3/ticker/24hr?symbol=ETHUSDT',
      'GET /api/v3/ticker/24hr?symbol=BTCUSDT',
    ]);
  });

  it("calls a ticker with a negative or missing price 'bad-data', and keeps serving the other pairs", async () => {
    const { feed } = await open({
      prepare: (r) => {
        const tickers = JSON.parse(
          readFileSync(new URL('./fixtures/ccxt/binance/ticker-24hr.json', import.meta.url), 'utf8'),
        ) as Record<string, unknown>[];
        r.override(
          '/api/v3/ticker/24hr',
          tickers.map((t) => (t.symbol === 'ETHUSDT' ? { ...t, lastPrice: '-3187.46000000' } : t)),
        );
      },
    });
    expect((await failure(feed.quote('ETHUSDT', recordedAtMs))).reason).toBe('bad-data');
    expect((await feed.quote('BTCUSDT', recordedAtMs)).last).toBe(9771573n);
    expect(feed.healthy()).toBe(true);
  });
});

describe('ccxt feed: book and trades', () => {
  it('shows 20 levels a side, best first, at the pair scales', async () => {
    const { feed, replay } = await open();
    const book = await feed.book('BTCUSDT', recordedAtMs, 20);
    expect(book.symbol).toBe('BTCUSDT');
    expect(book.time).toBe(recordedAtMs); // Binance's depth has no time: when it was fetched
    expect(book.bids).toHaveLength(20);
    expect(book.asks).toHaveLength(20);
    expect(book.bids.slice(0, 2)).toEqual([
      { price: 9771572n, quantity: 34263n },
      { price: 9771571n, quantity: 5026n },
    ]);
    expect(book.asks.slice(0, 2)).toEqual([
      { price: 9771573n, quantity: 40653n },
      { price: 9771574n, quantity: 27285n },
    ]);
    expect(book.bids[19]).toEqual({ price: 9771530n, quantity: 22479n });
    expect(book.asks[19]).toEqual({ price: 9771609n, quantity: 87335n });
    for (let i = 1; i < 20; i++) {
      expect(book.bids[i]!.price).toBeLessThan(book.bids[i - 1]!.price);
      expect(book.asks[i]!.price).toBeGreaterThan(book.asks[i - 1]!.price);
    }
    expect(requestsTo(replay, '/depth')).toEqual(['GET /api/v3/depth?symbol=BTCUSDT&limit=100']);

    const shib = await feed.book('SHIBUSDT', recordedAtMs, 5);
    expect(shib.bids[0]).toEqual({ price: 872n, quantity: 223064058n });
    expect(shib.asks).toHaveLength(5);
  });

  it('merges levels that fall on one coarser tick, bids down and asks up, so the book never crosses', async () => {
    const { feed } = await open({ instruments: [pair('BTCUSDT', 'BTC', 1, 5)] });
    const book = await feed.book('BTCUSDT', recordedAtMs, 20);
    // 97715.72, .71 (0.34263 + 0.05026) round down to 97715.7; 97715.69 … 97715.60 to 97715.6.
    expect(book.bids[0]).toEqual({ price: 977157n, quantity: 34263n + 5026n });
    expect(book.bids[1]!.price).toBe(977156n);
    // 97715.73 rounds up to 97715.8 with the levels up to 97715.79.
    expect(book.asks[0]).toEqual({ price: 977158n, quantity: 40653n + 27285n + 30799n + 25661n });
    expect(book.bids[0]!.price).toBeLessThan(book.asks[0]!.price);
    expect(book.bids).toHaveLength(20);
    for (let i = 1; i < 20; i++) expect(book.bids[i]!.price).toBeLessThan(book.bids[i - 1]!.price);
  });

  it('gives the tape newest first, with the aggregate trade ids and the side of the aggressor', async () => {
    const { feed, replay } = await open();
    const trades = await feed.trades('BTCUSDT', recordedAtMs, 3);
    expect(trades).toEqual([
      // m (buyer is maker) true: the seller hit the bid.
      {
        id: '3794418329',
        symbol: 'BTCUSDT',
        time: 1795185012177,
        price: 9771573n,
        quantity: 614n,
        side: 'sell',
      },
      {
        id: '3794418328',
        symbol: 'BTCUSDT',
        time: 1795185012021,
        price: 9771573n,
        quantity: 4081n,
        side: 'buy',
      },
      {
        id: '3794418327',
        symbol: 'BTCUSDT',
        time: 1795185011949,
        price: 9771573n,
        quantity: 10210n,
        side: 'sell',
      },
    ]);
    // Trades up to an earlier instant leave out the later ones; the same recent tape serves both calls.
    const earlier = await feed.trades('BTCUSDT', 1795185012000, 50);
    expect(earlier[0]!.id).toBe('3794418327');
    expect(earlier).toHaveLength(50);
    expect(requestsTo(replay, '/aggTrades')).toEqual(['GET /api/v3/aggTrades?symbol=BTCUSDT&limit=100']);
  });

  it('reuses a book or a tape for a second, then asks again', async () => {
    const { feed, replay, clock } = await open();
    await feed.book('BTCUSDT', clock.now(), 20);
    await feed.trades('BTCUSDT', clock.now(), 20);
    clock.advance(500);
    await feed.book('BTCUSDT', clock.now(), 10);
    await feed.trades('BTCUSDT', clock.now(), 20);
    expect(requestsTo(replay, '/depth')).toHaveLength(1);
    expect(requestsTo(replay, '/aggTrades')).toHaveLength(1);
    clock.advance(500);
    await feed.book('BTCUSDT', clock.now(), 20);
    await feed.trades('BTCUSDT', clock.now(), 20);
    expect(requestsTo(replay, '/depth')).toHaveLength(2);
    expect(requestsTo(replay, '/aggTrades')).toHaveLength(2);
  });
});

describe('ccxt feed: candles', () => {
  const hourly = recordedKlines('1h');
  const currentHourMs = 1795183200000; // 14:00 UTC, still forming at 14:30:12

  it('gives the newest candles oldest first, the forming one last, as Binance recorded them', async () => {
    const { feed, replay } = await open();
    const candles = await feed.candles('BTCUSDT', '1h', 0, recordedAtMs + 1, 48);
    expect(candles).toHaveLength(48);
    expect(candles).toEqual(hourly.slice(-48));
    expect(candles.at(-1)).toEqual({
      time: currentHourMs,
      open: 9808029n,
      high: 9808029n,
      low: 9767796n,
      close: 9771573n,
      volume: 36053208n,
    });
    for (let i = 1; i < candles.length; i++) expect(candles[i]!.time - candles[i - 1]!.time).toBe(hourMs);
    expect(
      requestsTo(replay, '/klines').every((r) => r.includes('interval=1h') && r.includes('symbol=BTCUSDT')),
    ).toBe(true);
  });

  it('answers a past window exactly, and a window reaching into the future up to now', async () => {
    const { feed } = await open();
    const fromMs = currentHourMs - 120 * hourMs;
    const window = await feed.candles('BTCUSDT', '1h', fromMs + 1, fromMs + 10 * hourMs, 100);
    // Opens at or after fromMs + 1 ms and before the end: 9 candles, the first at fromMs + 1 h.
    expect(window.map((c) => c.time)).toEqual(Array.from({ length: 9 }, (_, i) => fromMs + (i + 1) * hourMs));
    expect(window).toEqual(hourly.filter((c) => c.time > fromMs && c.time < fromMs + 10 * hourMs));

    const future = await feed.candles(
      'BTCUSDT',
      '1h',
      currentHourMs - 2 * hourMs,
      currentHourMs + 24 * hourMs,
      100,
    );
    expect(future.map((c) => c.time)).toEqual([
      currentHourMs - 2 * hourMs,
      currentHourMs - hourMs,
      currentHourMs,
    ]);
    expect(
      await feed.candles('BTCUSDT', '1h', currentHourMs + hourMs, currentHourMs + 5 * hourMs, 10),
    ).toEqual([]);
  });

  it('pages a long range on a fixed grid and joins the pages in order without gaps or repeats', async () => {
    const { feed, replay } = await open({ ohlcvPageLimit: 100 });
    const candles = await feed.candles('BTCUSDT', '1h', 0, recordedAtMs, 250);
    expect(candles).toEqual(hourly.slice(-250));
    const pageMs = 100 * hourMs;
    const firstPage = Math.floor((currentHourMs - 249 * hourMs) / pageMs) * pageMs;
    // Closed pages are asked whole from the grid; the page still forming from where the range needs it.
    expect(requestsTo(replay, '/klines')).toEqual([
      `GET /api/v3/klines?interval=1h&limit=100&symbol=BTCUSDT&startTime=${firstPage}`,
      `GET /api/v3/klines?interval=1h&limit=100&symbol=BTCUSDT&startTime=${firstPage + pageMs}`,
      `GET /api/v3/klines?interval=1h&limit=${(currentHourMs - firstPage - 2 * pageMs) / hourMs + 1}&symbol=BTCUSDT&startTime=${firstPage + 2 * pageMs}`,
    ]);
  });

  it('keeps closed pages for an hour and the forming one for a second', async () => {
    const { feed, replay, clock } = await open({ ohlcvPageLimit: 100 });
    const first = await feed.candles('BTCUSDT', '1h', 0, clock.now(), 250);
    clock.advance(5_000);
    expect(await feed.candles('BTCUSDT', '1h', 0, clock.now(), 250)).toEqual(first);
    // Only the forming page was asked again.
    expect(requestsTo(replay, '/klines')).toHaveLength(4);
    expect(replay.requests.at(-1)).toBe(replay.requests.at(-2));
    clock.advance(3_600_000);
    await feed.candles('BTCUSDT', '1h', 0, currentHourMs + 1, 250);
    expect(requestsTo(replay, '/klines')).toHaveLength(7);
  });

  it('asks each interval by its ccxt name, and builds one the exchange lacks from a finer one', async () => {
    const { feed, replay } = await open();
    for (const interval of ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const) {
      await feed.candles('BTCUSDT', interval, 0, recordedAtMs, 2);
    }
    const asked = requestsTo(replay, '/klines').map((r) =>
      new URLSearchParams(r.split('?')[1]).get('interval'),
    );
    expect(asked).toEqual(['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w']);

    const native = await feed.candles('BTCUSDT', '4h', 0, recordedAtMs, 30);
    expect(native).toEqual(recordedKlines('4h').slice(-30));
    const minutes = await feed.candles('BTCUSDT', '1m', 0, recordedAtMs, 3);
    expect(minutes).toEqual(recordedKlines('1m').slice(-3));

    // An exchange without 4h candles (Coinbase has none): the feed sums Binance's 1h ones into the same 4h.
    const { feed: without4h, replay: replay2 } = await open({
      prepare: (r) => {
        delete r.exchange.timeframes['4h'];
      },
    });
    expect(await without4h.candles('BTCUSDT', '4h', 0, recordedAtMs, 30)).toEqual(native);
    expect(requestsTo(replay2, '/klines').every((r) => r.includes('interval=1h'))).toBe(true);
  });
});

describe('ccxt feed: when the exchange fails', () => {
  it('throws FeedUnavailableError, reports unhealthy and stops asking for a while, then probes again', async () => {
    const { feed, replay, clock } = await open();
    await feed.quote('BTCUSDT', clock.now());
    replay.outage('network');
    clock.advance(1_000);
    const error = await failure(feed.book('BTCUSDT', clock.now(), 20));
    expect(error.reason).toBe('unreachable');
    expect(error.symbol).toBe('BTCUSDT');
    expect((error.cause as Error).constructor.name).toBe('NetworkError');
    expect(feed.healthy()).toBe(false);

    // During the pause nothing reaches the exchange.
    const before = replay.requests.length;
    expect((await failure(feed.quote('ETHUSDT', clock.now()))).reason).toBe('unreachable');
    expect((await failure(feed.candles('BTCUSDT', '1h', 0, clock.now(), 10))).reason).toBe('unreachable');
    expect(replay.requests).toHaveLength(before);

    // After 2 s one probe goes out; it fails too, so the next pause is 4 s.
    clock.advance(2_000);
    expect(feed.healthy()).toBe(true);
    await failure(feed.book('BTCUSDT', clock.now(), 20));
    expect(replay.requests).toHaveLength(before + 1);
    clock.advance(3_999);
    expect(feed.healthy()).toBe(false);
    clock.advance(1);
    replay.outage(null);
    expect((await feed.book('BTCUSDT', clock.now(), 20)).bids).toHaveLength(20);
    expect(feed.healthy()).toBe(true);
  });

  it("names Binance's rate limit and maintenance as the exchange being unreachable", async () => {
    const { feed, replay, clock } = await open();
    await feed.quote('BTCUSDT', clock.now());
    clock.advance(1_000);
    replay.outage('rate-limit');
    const limited = await failure(feed.trades('BTCUSDT', clock.now(), 10));
    expect(limited.reason).toBe('unreachable');
    expect((limited.cause as Error).constructor.name).toBe('DDoSProtection');
    clock.advance(2_000);
    replay.outage('maintenance');
    const down = await failure(feed.trades('BTCUSDT', clock.now(), 10));
    expect((down.cause as Error).constructor.name).toBe('ExchangeNotAvailable');
  });

  it('loads the markets again after a failed first load (ccxt alone would keep the failure)', async () => {
    const { feed, replay, clock } = await open({ prepare: (r) => r.outage('network') });
    expect((await failure(feed.quote('BTCUSDT', clock.now()))).reason).toBe('unreachable');
    replay.outage(null);
    clock.advance(2_000);
    expect((await feed.quote('BTCUSDT', clock.now())).last).toBe(9771573n);
    expect(requestsTo(replay, '/exchangeInfo')).toHaveLength(2);
  });
});
