import type { CandleInterval, MarketStatus } from '@piazza/contract/enums';
import type { Instrument } from './instrument';

/** One candle: prices in the instrument's price minor units, volume in its quantity minor units. */
export interface Candle {
  /** Open time, epoch ms (UTC). A 1d candle opens at the session's open; a 1w candle at Monday's. */
  time: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
}

/** The state of an instrument at an instant. Out of session, `last` holds the last session price. */
export interface Quote {
  symbol: string;
  time: number;
  status: MarketStatus;
  last: bigint;
  /** The current (or last) session's open, high, low and volume so far. */
  open: bigint;
  high: bigint;
  low: bigint;
  volume: bigint;
  /** The previous session's close: change and change % are against it. */
  prevClose: bigint;
}

export interface BookLevel {
  price: bigint;
  quantity: bigint;
}

export interface Book {
  symbol: string;
  time: number;
  /** Best first: bids descending, asks ascending; 20 levels each while in session. */
  bids: BookLevel[];
  asks: BookLevel[];
}

export interface Trade {
  id: string;
  symbol: string;
  time: number;
  price: bigint;
  quantity: bigint;
  /** The aggressor's side. */
  side: 'buy' | 'sell';
}

/**
 * Where market data comes from: the simulator (default) or a live feed (ccxt for crypto). Reads are random
 * access at any time; a feed asked about the future answers as of now.
 */
export interface MarketFeed {
  readonly name: string;
  covers(symbol: string): boolean;
  /** Starts covering an instrument listed after the feed was made (an IPO); the same symbol twice is a no-op. */
  add?(instrument: Instrument): void;
  /** Candles whose open time is in [fromMs, toMs), oldest first, at most `limit` (the newest ones). */
  candles(
    symbol: string,
    interval: CandleInterval,
    fromMs: number,
    toMs: number,
    limit: number,
  ): Promise<Candle[]>;
  quote(symbol: string, atMs: number): Promise<Quote>;
  book(symbol: string, atMs: number, depth: number): Promise<Book>;
  /** The most recent trades up to atMs, newest first. */
  trades(symbol: string, atMs: number, limit: number): Promise<Trade[]>;
}

/** Milliseconds of each interval (1w is 7 days; its candles open on Mondays, UTC). */
export const intervalMs: Record<CandleInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
};
