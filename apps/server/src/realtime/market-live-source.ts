import { intervalMs } from '../market/feed';
import type { Instrument } from '../market/instrument';
import type { MarketService } from '../market/market-service';
import { bookToWire, candleToWire, quoteToWire, tradeToWire } from '../market/to-wire';
import type { LiveSource } from './live-source';

/** Levels of the book on the socket: the 20 of DESIGN.md §6. */
const bookDepth = 20;

/**
 * The market service seen by the live publisher: listed instruments only (an IPO before listing has no
 * ticks), values in wire shapes through the same converters as the HTTP calls, so a price reads the same
 * on either.
 */
export function liveSourceOf(market: MarketService): LiveSource {
  const instrumentOf = (symbol: string): Instrument => {
    const instrument = market.instrument(symbol);
    if (!instrument) throw new Error(`no instrument ${symbol}`);
    return instrument;
  };
  // Read again whenever the catalogue changed (a listing after start), else the list made last time.
  let seen: readonly Instrument[] | undefined;
  let listed: string[] = [];
  const symbols = () => {
    if (seen !== market.instruments) {
      seen = market.instruments;
      listed = seen.filter((i) => i.listed).map((i) => i.symbol);
    }
    return listed;
  };
  return {
    symbols,
    has: (symbol) => market.instrument(symbol)?.listed === true,
    quote: async (symbol, atMs) => quoteToWire(instrumentOf(symbol), await market.quote(symbol, atMs)),
    async candle(symbol, interval, atMs) {
      // The candle in progress opened less than one interval ago (a 1d candle at the session's open).
      const candles = await market.candles(symbol, interval, atMs - intervalMs[interval], atMs + 1, 1);
      const candle = candles.at(-1);
      return candle && candleToWire(instrumentOf(symbol), candle);
    },
    book: async (symbol, atMs) =>
      bookToWire(instrumentOf(symbol), await market.book(symbol, bookDepth, atMs)),
    trades: async (symbol, atMs, limit) => {
      const instrument = instrumentOf(symbol);
      return (await market.trades(symbol, limit, atMs)).map((t) => tradeToWire(instrument, t));
    },
  };
}
