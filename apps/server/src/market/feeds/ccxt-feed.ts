import { type CandleInterval, candleIntervals } from '@piazza/contract/enums';
import type { Rounding } from '@piazza/core/money';
import type { Trade as CcxtTrade, OHLCV, OrderBook, Ticker, Tickers } from 'ccxt';
import { type Clock, systemClock } from '../../services';
import type { Book, BookLevel, Candle, MarketFeed, Quote, Trade } from '../feed';
import { intervalMs } from '../feed';
import type { Instrument } from '../instrument';
import { aggregateCandles, bucketStart, bucketStartAtOrAfter } from './candle-buckets';
import { type CcxtExchange, createCcxtExchange } from './ccxt-exchange';
import { ExchangeBreaker } from './exchange-breaker';
import { FeedUnavailableError } from './feed-unavailable';
import { numberToMinor } from './minor-units';
import { TtlCache } from './ttl-cache';

export interface CcxtFeedOptions {
  /** A ccxt exchange id: 'binance', 'kraken', … */
  exchange: string;
  /** The catalogue; the feed covers its crypto pairs (BTCUSDT is ccxt's 'BTC/USDT'). */
  instruments: readonly Instrument[];
  /** Builds the exchange; tests give one that answers recorded responses. */
  exchangeFactory?: (exchangeId: string) => CcxtExchange | Promise<CcxtExchange>;
  clock?: Clock;
  /** Where operator-facing warnings go (the server's logger). */
  log?: FeedLog;
  /** Candles per request; by default what the exchange says it allows (Binance 1000), else 500. */
  ohlcvPageLimit?: number;
}

export interface FeedLog {
  warn(message: string): void;
}

export interface CcxtFeed extends MarketFeed {
  /**
   * False for a moment after the exchange failed (2 s, doubling up to a minute while it keeps failing):
   * meanwhile every call throws FeedUnavailableError at once, so route these symbols to the fallback.
   */
  healthy(): boolean;
  close(): Promise<void>;
}

/** Quotes, books, trades and the forming candles are at most this old. */
export const snapshotTtlMs = 1_000;
/** Closed candles do not change; they are asked again only this often, in case the exchange corrects one. */
export const closedCandlesTtlMs = 3_600_000;
/** An exchange finishes a candle a moment after its close; until then it is treated as forming. */
const candleSettleMs = 10_000;
/** Levels asked of the exchange: more than shown, since levels finer than our tick merge into one. */
const bookFetchDepth = 100;
/** Trades asked of the exchange (one request serves every smaller `limit`); Binance's ceiling is 1000. */
const tradesFetchCount = 100;
const tradesFetchMax = 1_000;
/** A call never turns into more exchange requests than this; older candles are left out first. */
const candlePagesMax = 20;

/** The ccxt unified symbol of a crypto pair: BTCUSDT (base BTC, quote USDT) is 'BTC/USDT'. */
export function toCcxtSymbol(instrument: Instrument): string {
  return `${instrument.baseAsset}/${instrument.currency}`;
}

/**
 * A MarketFeed over a ccxt exchange's public REST market data, for the crypto pairs of the catalogue.
 * Exchange floats become bigint minor units through their decimal text (minor-units.ts); every failure of
 * the exchange becomes FeedUnavailableError, and a failure pauses calls for a while (ExchangeBreaker).
 */
export async function createCcxtFeed(options: CcxtFeedOptions): Promise<CcxtFeed> {
  const exchange = await (options.exchangeFactory ?? createCcxtExchange)(options.exchange);
  return new CcxtMarketFeed(exchange, options);
}

class CcxtMarketFeed implements CcxtFeed {
  readonly name: string;
  private readonly clock: Clock;
  private readonly log: FeedLog | undefined;
  private readonly instruments: Map<string, Instrument>;
  private readonly pageLimit: number;
  private readonly breaker: ExchangeBreaker;
  private readonly tickers: TtlCache<Tickers>;
  private readonly singleTickers: TtlCache<Ticker>;
  private readonly books: TtlCache<Book>;
  private readonly tapes: TtlCache<Trade[]>;
  private readonly candlePages: TtlCache<Candle[]>;
  private marketsLoaded = false;
  private marketsFailed = false;

  constructor(
    private readonly exchange: CcxtExchange,
    options: CcxtFeedOptions,
  ) {
    this.name = `ccxt:${exchange.id}`;
    this.clock = options.clock ?? systemClock;
    this.log = options.log;
    this.instruments = new Map(
      options.instruments
        .filter((i) => i.kind === 'crypto' && i.baseAsset !== null)
        .map((i) => [i.symbol, i]),
    );
    this.pageLimit = options.ohlcvPageLimit ?? exchangeOhlcvLimit(exchange) ?? 500;
    this.breaker = new ExchangeBreaker(this.clock);
    this.tickers = new TtlCache(this.clock, 1);
    this.singleTickers = new TtlCache(this.clock, 1_000);
    this.books = new TtlCache(this.clock, 1_000);
    this.tapes = new TtlCache(this.clock, 1_000);
    // A page is up to 1000 candles (about 200 kB): 100 pages bound the memory to some 20 MB.
    this.candlePages = new TtlCache(this.clock, 100);
  }

  covers(symbol: string): boolean {
    return this.instruments.has(symbol);
  }

  healthy(): boolean {
    return this.breaker.allowsCalls();
  }

  async close(): Promise<void> {
    await this.exchange.close();
  }

  async quote(symbol: string, _atMs: number): Promise<Quote> {
    // A live feed only knows the present: any instant is answered as of now.
    const instrument = this.instrument(symbol);
    const market = toCcxtSymbol(instrument);
    let ticker: Ticker | undefined;
    if (this.exchange.has.fetchTickers === true) {
      // One request for every pair instead of one per pair: the markets list asks for all of them each second.
      await this.checkListed(symbol);
      const all = await this.tickers
        .get(
          'all',
          () => this.send(symbol, () => this.exchange.fetchTickers(this.listedMarkets())),
          () => snapshotTtlMs,
        )
        .catch((error: unknown) => {
          // The batch may have been started on behalf of another pair: name the one asked about.
          if (error instanceof FeedUnavailableError && error.symbol !== symbol) {
            throw new FeedUnavailableError(this.name, symbol, error.reason, { cause: error.cause });
          }
          throw error;
        });
      ticker = all[market];
    } else {
      ticker = await this.singleTickers.get(
        market,
        () => this.ask(symbol, () => this.exchange.fetchTicker(market)),
        () => snapshotTtlMs,
      );
    }
    if (!ticker) throw new FeedUnavailableError(this.name, symbol, 'bad-data');
    const found = ticker;
    return this.convert(symbol, () => toQuote(instrument, found, this.clock.now()));
  }

  async book(symbol: string, _atMs: number, depth: number): Promise<Book> {
    const instrument = this.instrument(symbol);
    const market = toCcxtSymbol(instrument);
    const fetchDepth = Math.max(depth, bookFetchDepth);
    const book = await this.books.get(
      `${market}:${fetchDepth}`,
      async () => {
        const raw = await this.ask(symbol, () => this.exchange.fetchOrderBook(market, fetchDepth));
        return this.convert(symbol, () => toBook(instrument, raw, this.clock.now()));
      },
      () => snapshotTtlMs,
    );
    return { ...book, bids: book.bids.slice(0, depth), asks: book.asks.slice(0, depth) };
  }

  async trades(symbol: string, atMs: number, limit: number): Promise<Trade[]> {
    const instrument = this.instrument(symbol);
    const market = toCcxtSymbol(instrument);
    const count = Math.min(Math.max(limit, tradesFetchCount), tradesFetchMax);
    const tape = await this.tapes.get(
      `${market}:${count}`,
      async () => {
        const raw = await this.ask(symbol, () => this.exchange.fetchTrades(market, undefined, count));
        return this.convert(symbol, () => toTrades(instrument, raw));
      },
      () => snapshotTtlMs,
    );
    return tape.filter((t) => t.time <= atMs).slice(0, Math.max(limit, 0));
  }

  async candles(
    symbol: string,
    interval: CandleInterval,
    fromMs: number,
    toMs: number,
    limit: number,
  ): Promise<Candle[]> {
    const instrument = this.instrument(symbol);
    const source = this.sourceInterval(symbol, interval);
    const step = intervalMs[interval];
    const nowMs = this.clock.now();
    // Crypto trades around the clock, so candles follow each other without gaps (but for exchange outages):
    // the newest `limit` of them are the last `limit` steps before the end, which is capped at now.
    const endMs = Math.min(bucketStart(toMs - 1, interval), bucketStart(nowMs, interval)) + step;
    const sourceSpanMs = candlePagesMax * this.pageLimit * intervalMs[source];
    const startMs = Math.max(
      bucketStartAtOrAfter(fromMs, interval),
      endMs - Math.max(limit, 0) * step,
      bucketStartAtOrAfter(endMs - sourceSpanMs, interval),
    );
    if (startMs >= endMs) return [];
    const sourceCandles = await this.sourceCandles(instrument, source, startMs, endMs, nowMs);
    const candles = source === interval ? sourceCandles : aggregateCandles(sourceCandles, interval);
    return candles.filter((c) => c.time >= startMs && c.time < endMs).slice(-limit);
  }

  /** The interval itself if the exchange has it, else the longest finer one it has, to aggregate from. */
  private sourceInterval(symbol: string, interval: CandleInterval): CandleInterval {
    if (this.exchange.has.fetchOHLCV !== true)
      throw new FeedUnavailableError(this.name, symbol, 'unsupported');
    for (let i = candleIntervals.indexOf(interval); i >= 0; i--) {
      const candidate = candleIntervals[i]!;
      if (candidate in this.exchange.timeframes && intervalMs[interval] % intervalMs[candidate] === 0) {
        return candidate;
      }
    }
    throw new FeedUnavailableError(this.name, symbol, 'unsupported');
  }

  /**
   * Candles of `source` in [startMs, endMs), oldest first, fetched in pages of `pageLimit` candles on a fixed
   * grid, so a closed page is the same request (and the same cache entry) whoever asks. The page still
   * forming is asked from where the caller needs it, and kept only a second.
   */
  private async sourceCandles(
    instrument: Instrument,
    source: CandleInterval,
    startMs: number,
    endMs: number,
    nowMs: number,
  ): Promise<Candle[]> {
    const step = intervalMs[source];
    const pageSpanMs = this.pageLimit * step;
    const originMs = bucketStart(0, source);
    const market = toCcxtSymbol(instrument);
    const pages: Promise<Candle[]>[] = [];
    const firstPageMs = originMs + Math.floor((startMs - originMs) / pageSpanMs) * pageSpanMs;
    for (let pageStartMs = firstPageMs; pageStartMs < endMs; pageStartMs += pageSpanMs) {
      const pageEndMs = pageStartMs + pageSpanMs;
      if (pageEndMs + candleSettleMs <= nowMs) {
        pages.push(
          this.candlePages.get(
            `${market}:${source}:${pageStartMs}`,
            () => this.fetchCandles(instrument, source, pageStartMs, pageEndMs),
            () => closedCandlesTtlMs,
          ),
        );
      } else {
        const sinceMs = Math.max(pageStartMs, startMs);
        const untilMs = Math.min(pageEndMs, endMs);
        pages.push(
          this.candlePages.get(
            `${market}:${source}:${sinceMs}:${untilMs}`,
            () => this.fetchCandles(instrument, source, sinceMs, untilMs),
            () => snapshotTtlMs,
          ),
        );
      }
    }
    return (await Promise.all(pages)).flat();
  }

  private async fetchCandles(
    instrument: Instrument,
    source: CandleInterval,
    sinceMs: number,
    untilMs: number,
  ): Promise<Candle[]> {
    const count = Math.ceil((untilMs - sinceMs) / intervalMs[source]);
    const rows = await this.ask(instrument.symbol, () =>
      this.exchange.fetchOHLCV(toCcxtSymbol(instrument), source, sinceMs, count),
    );
    return this.convert(instrument.symbol, () =>
      toCandles(instrument, rows).filter((c) => c.time >= sinceMs && c.time < untilMs),
    );
  }

  private instrument(symbol: string): Instrument {
    const instrument = this.instruments.get(symbol);
    if (!instrument) throw new FeedUnavailableError(this.name, symbol, 'unlisted');
    return instrument;
  }

  /** The covered pairs the exchange lists and trades: asking for any other would fail the whole batch. */
  private listedMarkets(): string[] {
    return [...this.instruments.values()].map(toCcxtSymbol).filter((m) => this.active(m));
  }

  private active(market: string): boolean {
    return (
      this.exchange.markets !== undefined &&
      market in this.exchange.markets &&
      this.exchange.market(market).active !== false
    );
  }

  /**
   * One exchange request on behalf of `symbol`: refused at once while the breaker pauses calls, after the
   * markets are loaded (once) and the pair is found listed and trading. Any error of the exchange becomes
   * FeedUnavailableError and pauses calls; an unlisted pair does not blame the exchange.
   */
  private async ask<T>(symbol: string, request: () => Promise<T>): Promise<T> {
    await this.checkListed(symbol);
    return this.send(symbol, request);
  }

  private async checkListed(symbol: string): Promise<void> {
    const market = toCcxtSymbol(this.instrument(symbol));
    if (!this.marketsLoaded) await this.send(symbol, () => this.loadMarkets());
    if (!this.active(market)) throw new FeedUnavailableError(this.name, symbol, 'unlisted');
  }

  private async send<T>(symbol: string, request: () => Promise<T>): Promise<T> {
    if (!this.breaker.allowsCalls()) throw new FeedUnavailableError(this.name, symbol, 'unreachable');
    try {
      const result = await request();
      this.breaker.succeeded();
      return result;
    } catch (cause) {
      this.breaker.failed();
      throw new FeedUnavailableError(this.name, symbol, 'unreachable', { cause });
    }
  }

  private async loadMarkets(): Promise<void> {
    if (this.marketsLoaded) return;
    try {
      // ccxt keeps a failed load's promise and returns it forever unless told to reload.
      await this.exchange.loadMarkets(this.marketsFailed);
    } catch (error) {
      this.marketsFailed = true;
      throw error;
    }
    if (!this.marketsLoaded) {
      this.marketsLoaded = true;
      this.warnAboutScales();
    }
  }

  /** Says once, at the first load, which pairs the exchange prices finer than the catalogue's scales. */
  private warnAboutScales(): void {
    for (const instrument of this.instruments.values()) {
      const market = toCcxtSymbol(instrument);
      if (!this.exchange.markets || !(market in this.exchange.markets)) {
        this.log?.warn(
          `${this.name} does not list ${market}: ${instrument.symbol} stays on the fallback feed`,
        );
        continue;
      }
      if (!this.active(market)) {
        this.log?.warn(
          `${this.name} does not trade ${market} now: ${instrument.symbol} stays on the fallback feed`,
        );
        continue;
      }
      const { precision } = this.exchange.market(market);
      const priceDecimals = precisionDecimals(precision.price, this.exchange.precisionMode);
      const amountDecimals = precisionDecimals(precision.amount, this.exchange.precisionMode);
      if ((priceDecimals ?? 0) > instrument.priceScale || (amountDecimals ?? 0) > instrument.quantityScale) {
        this.log?.warn(
          `${this.name} quotes ${market} to ${priceDecimals} price and ${amountDecimals} amount decimals; ` +
            `${instrument.symbol} keeps ${instrument.priceScale} and ${instrument.quantityScale}, so values are rounded`,
        );
      }
    }
  }

  /** Runs a conversion; numbers that are missing or not prices mean the exchange answered bad data. */
  private convert<T>(symbol: string, conversion: () => T): T {
    try {
      return conversion();
    } catch (cause) {
      if (cause instanceof RangeError)
        throw new FeedUnavailableError(this.name, symbol, 'bad-data', { cause });
      throw cause;
    }
  }
}

/** ccxt's precision modes: a number of decimals, or the tick itself (0.01). Significant digits say nothing. */
const decimalPlacesMode = 2;
const tickSizeMode = 4;

function precisionDecimals(precision: number | undefined, mode: number | undefined): number | undefined {
  if (precision === undefined || precision <= 0) return undefined;
  if (mode === decimalPlacesMode) return precision;
  if (mode !== tickSizeMode) return undefined;
  // The tick's own decimals: 0.01 has 2, 1e-8 has 8 (a tick of 5 has none).
  const [mantissa = '', exponent = '0'] = String(precision).split('e');
  const fractionDigits = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(fractionDigits - Number(exponent), 0);
}

function exchangeOhlcvLimit(exchange: CcxtExchange): number | undefined {
  const limit: unknown = exchange.features?.spot?.fetchOHLCV?.limit;
  return typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : undefined;
}

function required(value: number | undefined): number {
  if (value === undefined || value === null) throw new RangeError('a number is missing');
  return value;
}

function price(instrument: Instrument, value: number | undefined, rounding: Rounding = 'halfEven'): bigint {
  return numberToMinor(required(value), instrument.priceScale, rounding);
}

/** Quantities are cut, never rounded up: no figure shows more than there is. */
function quantity(instrument: Instrument, value: number | undefined): bigint {
  return numberToMinor(required(value), instrument.quantityScale, 'down');
}

function toQuote(instrument: Instrument, ticker: Ticker, nowMs: number): Quote {
  const last = price(instrument, ticker.last ?? ticker.close);
  const open = ticker.open === undefined ? last : price(instrument, ticker.open);
  return {
    symbol: instrument.symbol,
    time: ticker.timestamp ?? nowMs,
    // Crypto never closes.
    status: 'open',
    last,
    open,
    high: ticker.high === undefined ? (last > open ? last : open) : price(instrument, ticker.high),
    low: ticker.low === undefined ? (last < open ? last : open) : price(instrument, ticker.low),
    volume: ticker.baseVolume === undefined ? 0n : quantity(instrument, ticker.baseVolume),
    // Crypto has no sessions, so no previous close: as on the exchanges' own "24h change", change is
    // measured against the price 24 hours ago, the open of the rolling 24-hour window that open, high, low
    // and volume describe too.
    prevClose: open,
  };
}

function toBook(instrument: Instrument, book: OrderBook, nowMs: number): Book {
  return {
    symbol: instrument.symbol,
    time: book.timestamp ?? nowMs,
    // Bids round down and asks up when the exchange's tick is finer than ours, so the book never crosses
    // and no level shows a better price than is on offer.
    bids: toLevels(instrument, book.bids, 'floor'),
    asks: toLevels(instrument, book.asks, 'ceil'),
  };
}

/** Levels best first as ccxt sorts them; levels that round to one price merge, dust below our scale goes. */
function toLevels(
  instrument: Instrument,
  levels: [number | undefined, number | undefined][],
  rounding: Rounding,
) {
  const merged: BookLevel[] = [];
  for (const [levelPrice, levelQuantity] of levels) {
    const p = price(instrument, levelPrice, rounding);
    const q = quantity(instrument, levelQuantity);
    const previous = merged.at(-1);
    if (previous?.price === p) previous.quantity += q;
    else merged.push({ price: p, quantity: q });
  }
  return merged.filter((l) => l.quantity > 0n);
}

/**
 * The tape newest first (ccxt gives it oldest first). A trade without an id, time, price, amount or a known
 * aggressor side cannot be shown truthfully and is left out, as is dust below our quantity scale.
 */
function toTrades(instrument: Instrument, trades: CcxtTrade[]): Trade[] {
  const tape: Trade[] = [];
  for (const t of trades) {
    if (t.id === undefined || t.timestamp === undefined || t.price === undefined || t.amount === undefined)
      continue;
    if (t.side !== 'buy' && t.side !== 'sell') continue;
    const q = quantity(instrument, t.amount);
    if (q === 0n) continue;
    tape.push({
      id: t.id,
      symbol: instrument.symbol,
      time: t.timestamp,
      price: price(instrument, t.price),
      quantity: q,
      side: t.side,
    });
  }
  return tape.reverse().sort((a, b) => b.time - a.time);
}

function toCandles(instrument: Instrument, rows: OHLCV[]): Candle[] {
  return rows
    .map(([time, open, high, low, close, volume]) => ({
      time: required(time),
      open: price(instrument, open),
      high: price(instrument, high),
      low: price(instrument, low),
      close: price(instrument, close),
      volume: quantity(instrument, volume),
    }))
    .sort((a, b) => a.time - b.time);
}
