import { z } from 'zod';
import { candleIntervals, marketStatuses } from './enums';

/*
 * Market data as it crosses the wire, shared by the HTTP calls and the WebSocket. Prices and quantities
 * are decimal strings at the instrument's scale; times are epoch ms.
 */

export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

export const candleShape = z.object({
  time: z.number(),
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  volume: decimalString,
});
export type CandleWire = z.infer<typeof candleShape>;

export const quoteShape = z.object({
  symbol: z.string(),
  time: z.number(),
  status: z.enum(marketStatuses),
  last: decimalString,
  open: decimalString,
  high: decimalString,
  low: decimalString,
  volume: decimalString,
  prevClose: decimalString,
  /** last − prevClose, and the same as a percentage with 2 decimals ("-1.25"). */
  change: decimalString,
  changePercent: decimalString,
});
export type QuoteWire = z.infer<typeof quoteShape>;

/** A book level as [price, quantity]. */
export const levelShape = z.tuple([decimalString, decimalString]);

export const bookShape = z.object({
  symbol: z.string(),
  time: z.number(),
  bids: z.array(levelShape),
  asks: z.array(levelShape),
});
export type BookWire = z.infer<typeof bookShape>;

export const tradeShape = z.object({
  id: z.string(),
  time: z.number(),
  price: decimalString,
  quantity: decimalString,
  side: z.enum(['buy', 'sell']),
});
export type TradeWire = z.infer<typeof tradeShape>;

export const intervalShape = z.enum(candleIntervals);
