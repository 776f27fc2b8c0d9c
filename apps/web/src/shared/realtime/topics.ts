import type { CandleInterval } from '@piazza/contract/enums';
import type { BookWire, CandleWire, QuoteWire, TradeWire } from '@piazza/contract/market';
import type { userEvent } from '@piazza/contract/ws';
import type { z } from 'zod';

/** Topic names of the WebSocket protocol (packages/contract/src/ws.ts), built in one place. */
export const topics = {
  ticker: (symbol: string) => `ticker:${symbol}` as const,
  candles: (interval: CandleInterval, symbol: string) => `candles:${interval}:${symbol}` as const,
  book: (symbol: string) => `book:${symbol}` as const,
  trades: (symbol: string) => `trades:${symbol}` as const,
  user: 'user' as const,
};

export interface CandleUpdate {
  symbol: string;
  interval: CandleInterval;
  candle: CandleWire;
}

export interface TradesUpdate {
  symbol: string;
  list: TradeWire[];
}

export type UserEvent = z.infer<typeof userEvent>;

/** What a message of `topic` carries, known from the topic's prefix. */
export type TopicData<T extends string> = T extends `ticker:${string}`
  ? QuoteWire
  : T extends `candles:${string}`
    ? CandleUpdate
    : T extends `book:${string}`
      ? BookWire
      : T extends `trades:${string}`
        ? TradesUpdate
        : T extends 'user'
          ? UserEvent
          : never;

export type Topic = `ticker:${string}` | `candles:${string}` | `book:${string}` | `trades:${string}` | 'user';
