import type { CandleInterval } from '@piazza/contract/enums';
import type { BookWire, CandleWire, QuoteWire, TradeWire } from '@piazza/contract/market';

/**
 * What the live publisher and the socket need of the market, already in wire shapes (decimal strings):
 * the instrument list, and the quote, current candle, book and latest trades of a symbol at an instant.
 */
export interface LiveSource {
  /** Every instrument whose ticker is published. */
  symbols(): readonly string[];
  has(symbol: string): boolean;
  quote(symbol: string, atMs: number): Promise<QuoteWire>;
  /** The candle of `interval` that contains `atMs` (the last one, if the market is closed), if any. */
  candle(symbol: string, interval: CandleInterval, atMs: number): Promise<CandleWire | undefined>;
  book(symbol: string, atMs: number): Promise<BookWire>;
  /** The most recent trades up to `atMs`, newest first. */
  trades(symbol: string, atMs: number, limit: number): Promise<TradeWire[]>;
}
