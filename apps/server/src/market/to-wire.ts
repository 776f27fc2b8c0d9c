import type { BookWire, CandleWire, QuoteWire, TradeWire } from '@piazza/contract/market';
import { type Sector, sectors } from '@piazza/contract/sectors';
import { formatAmount } from '@piazza/core/money';
import type { Book, Candle, Quote, Trade } from './feed';
import type { Instrument } from './instrument';

/*
 * Feed values (bigint minor units) as they cross the wire (packages/contract/src/market.ts): decimal strings
 * at the instrument's price and quantity scales. The HTTP calls and the WebSocket publisher both use these,
 * so a price reads the same on either.
 */

/**
 * The change from `prevClose` to `last` in percent with 2 decimals, truncated toward zero so it never shows
 * more than it is: 100 → 101.239 is '1.23', 100 → 98.761 is '-1.23'. '0.00' when there is no previous close.
 */
export function changePercent(last: bigint, prevClose: bigint): string {
  if (prevClose <= 0n) return '0.00';
  // Hundredths of a percent; bigint division truncates toward zero.
  const basisPoints = ((last - prevClose) * 10_000n) / prevClose;
  return formatAmount(basisPoints, 2);
}

export function quoteToWire(instrument: Instrument, quote: Quote): QuoteWire {
  const price = (minor: bigint) => formatAmount(minor, instrument.priceScale);
  return {
    symbol: quote.symbol,
    time: quote.time,
    status: quote.status,
    last: price(quote.last),
    open: price(quote.open),
    high: price(quote.high),
    low: price(quote.low),
    volume: formatAmount(quote.volume, instrument.quantityScale),
    prevClose: price(quote.prevClose),
    change: price(quote.last - quote.prevClose),
    changePercent: changePercent(quote.last, quote.prevClose),
  };
}

export function candleToWire(instrument: Instrument, candle: Candle): CandleWire {
  const price = (minor: bigint) => formatAmount(minor, instrument.priceScale);
  return {
    time: candle.time,
    open: price(candle.open),
    high: price(candle.high),
    low: price(candle.low),
    close: price(candle.close),
    volume: formatAmount(candle.volume, instrument.quantityScale),
  };
}

export function bookToWire(instrument: Instrument, book: Book): BookWire {
  const level = (l: { price: bigint; quantity: bigint }): [string, string] => [
    formatAmount(l.price, instrument.priceScale),
    formatAmount(l.quantity, instrument.quantityScale),
  ];
  return { symbol: book.symbol, time: book.time, bids: book.bids.map(level), asks: book.asks.map(level) };
}

export function tradeToWire(instrument: Instrument, trade: Trade): TradeWire {
  return {
    id: trade.id,
    time: trade.time,
    price: formatAmount(trade.price, instrument.priceScale),
    quantity: formatAmount(trade.quantity, instrument.quantityScale),
    side: trade.side,
  };
}

function isSector(s: string | null): s is Sector {
  return (sectors as readonly (string | null)[]).includes(s);
}

/** What an instrument is, without its price (the contract's instrument view). */
export function instrumentToWire(i: Instrument) {
  return {
    symbol: i.symbol,
    name: i.name,
    kind: i.kind,
    isin: i.isin,
    country: i.country,
    // The catalogue writes only ICB supersectors; anything else would be a typo, shown as no sector.
    sector: isSector(i.sector) ? i.sector : null,
    currency: i.currency,
    baseAsset: i.baseAsset,
    calendar: i.calendar,
    priceScale: i.priceScale,
    quantityScale: i.quantityScale,
    tickSize: formatAmount(i.tickSize, i.priceScale),
    lotSize: formatAmount(i.lotSize, i.quantityScale),
    listed: i.listed,
  };
}
