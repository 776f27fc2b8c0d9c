import type { CandleInterval } from '@piazza/contract/enums';
import { formatAmount } from '@piazza/core/money';
import { type FxRates, quotedRates, referenceFxRates, usdtPegQuote } from '../platform/fx';
import type { Clock } from '../services';
import type { Book, Candle, MarketFeed, Quote, Trade } from './feed';
import { FeedUnavailableError } from './feeds/feed-unavailable';
import type { Instrument } from './instrument';

/** The symbol whose quote values dollars in euros and back. */
export const eurUsdSymbol = 'EURUSD.FX';

/**
 * A feed could not answer for a symbol and no other feed may stand in: the calls refuse with
 * 'market.unavailable', naming the symbol, rather than show a price from somewhere else.
 */
export class MarketUnavailable extends Error {
  constructor(
    readonly symbol: string,
    options?: { cause?: unknown },
  ) {
    super(`no market data for ${symbol}`, options);
  }
}

/** The quote of `symbol`, or null when no feed can answer for it now (MarketUnavailable); other errors throw. */
export async function quoteOrNull(
  market: Pick<MarketService, 'quote'>,
  symbol: string,
  atMs?: number,
): Promise<Quote | null> {
  try {
    return await market.quote(symbol, atMs);
  } catch (err) {
    if (err instanceof MarketUnavailable) return null;
    throw err;
  }
}

/**
 * The market as the rest of the server sees it (DESIGN.md §6): the instrument catalogue and, per symbol,
 * the feed that answers for it. One instance per process, on Services, shared by the HTTP calls and the
 * WebSocket publisher. Reads take the clock's now unless told a time.
 */
export interface MarketService {
  readonly instruments: readonly Instrument[];
  instrument(symbol: string): Instrument | undefined;
  /**
   * Lists an instrument after start (an IPO at its listing): the catalogue answers it from now on and every
   * feed that can cover it does. Adding a symbol already listed changes nothing.
   */
  add(instrument: Instrument): void;
  /** The first feed that covers the symbol (a live crypto feed before the simulator), if any. */
  feedFor(symbol: string): MarketFeed | undefined;
  now(): number;
  quote(symbol: string, atMs?: number): Promise<Quote>;
  candles(
    symbol: string,
    interval: CandleInterval,
    fromMs: number,
    toMs: number,
    limit: number,
  ): Promise<Candle[]>;
  book(symbol: string, depth: number, atMs?: number): Promise<Book>;
  trades(symbol: string, limit: number, atMs?: number): Promise<Trade[]>;
  /**
   * Exchange rates for valuing balances: EUR/USD as the feed quotes it now (source 'market'), USDT = USD 1
   * as a stated convention, and the fixed reference rates when the feed cannot answer.
   */
  fxRates(atMs?: number): Promise<FxRates>;
}

export interface MarketServiceOptions {
  instruments: readonly Instrument[];
  /** In order of preference: a live feed first, the simulator last as the feed that covers everything. */
  feeds: readonly MarketFeed[];
  clock: Clock;
  /** Told when the reference rates stand in for the market's (the feed failed). */
  onFallback?: (message: string) => void;
}

export function createMarketService(opts: MarketServiceOptions): MarketService {
  const bySymbol = new Map(opts.instruments.map((i) => [i.symbol, i]));
  let instruments: readonly Instrument[] = opts.instruments;
  const now = () => opts.clock.now();

  /**
   * Asks each feed covering the symbol in turn. A live feed that does not list the symbol, or does not offer
   * what was asked, hands over to the next; one that is unreachable or answers nonsense stops the read, so
   * a chart never mixes an exchange's prices with simulated ones.
   */
  async function read<T>(symbol: string, ask: (feed: MarketFeed) => Promise<T>): Promise<T> {
    const feeds = opts.feeds.filter((f) => f.covers(symbol));
    for (const feed of feeds) {
      try {
        return await ask(feed);
      } catch (err) {
        if (!(err instanceof FeedUnavailableError)) throw err;
        if (err.reason === 'unlisted' || err.reason === 'unsupported') continue;
        throw new MarketUnavailable(symbol, { cause: err });
      }
    }
    throw new MarketUnavailable(symbol);
  }

  return {
    get instruments() {
      return instruments;
    },
    instrument: (symbol) => bySymbol.get(symbol),
    add(instrument) {
      if (bySymbol.has(instrument.symbol)) return;
      for (const feed of opts.feeds) feed.add?.(instrument);
      bySymbol.set(instrument.symbol, instrument);
      instruments = [...instruments, instrument];
    },
    feedFor: (symbol) => opts.feeds.find((f) => f.covers(symbol)),
    now,
    quote: (symbol, atMs = now()) => read(symbol, (f) => f.quote(symbol, atMs)),
    candles: (symbol, interval, fromMs, toMs, limit) =>
      read(symbol, (f) => f.candles(symbol, interval, fromMs, toMs, limit)),
    book: (symbol, depth, atMs = now()) => read(symbol, (f) => f.book(symbol, atMs, depth)),
    trades: (symbol, limit, atMs = now()) => read(symbol, (f) => f.trades(symbol, atMs, limit)),

    async fxRates(atMs = now()) {
      const pair = bySymbol.get(eurUsdSymbol);
      if (!pair) return referenceFxRates;
      try {
        const quote = await read(eurUsdSymbol, (f) => f.quote(eurUsdSymbol, atMs));
        if (quote.last <= 0n) throw new Error(`${eurUsdSymbol} quoted ${quote.last}`);
        const rate = formatAmount(quote.last, pair.priceScale);
        return quotedRates([{ base: 'EUR', quote: 'USD', rate, source: 'market' }, usdtPegQuote]);
      } catch (err) {
        opts.onFallback?.(
          `EUR/USD from the market is unavailable, using the reference rates: ${String(err)}`,
        );
        return referenceFxRates;
      }
    },
  };
}
