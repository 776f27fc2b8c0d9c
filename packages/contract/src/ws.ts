import { z } from 'zod';
import { bookShape, candleShape, intervalShape, quoteShape, tradeShape } from './market';

/*
 * The WebSocket at /ipcg-api/ws (DESIGN.md §6). One socket per app. Topics:
 *   ticker:{symbol}             a quote, at most 10 a second
 *   candles:{interval}:{symbol} the current candle of that interval as it changes
 *   book:{symbol}               the 20-level book
 *   trades:{symbol}             new trades since the last message
 *   user                        the signed-in user's own events (after `auth`)
 * A slow client is sent the latest message of each topic, never a growing queue.
 */

export const clientMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('subscribe'), topics: z.array(z.string()).min(1).max(50) }),
  z.object({ op: z.literal('unsubscribe'), topics: z.array(z.string()).min(1).max(50) }),
  z.object({ op: z.literal('auth'), token: z.string().min(1) }),
  z.object({ op: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export const userEvent = z.object({
  /** 'balance', 'fill', 'notice', 'session' (e.g. signed out by an operator), … */
  kind: z.string(),
  data: z.record(z.string(), z.unknown()),
});

export const serverMessage = z.union([
  z.object({ topic: z.string().regex(/^ticker:/), data: quoteShape }),
  z.object({
    topic: z.string().regex(/^candles:/),
    data: z.object({ symbol: z.string(), interval: intervalShape, candle: candleShape }),
  }),
  z.object({ topic: z.string().regex(/^book:/), data: bookShape }),
  z.object({
    topic: z.string().regex(/^trades:/),
    data: z.object({ symbol: z.string(), list: z.array(tradeShape) }),
  }),
  z.object({ topic: z.literal('user'), data: userEvent }),
  z.object({ op: z.literal('ack'), topics: z.array(z.string()) }),
  z.object({ op: z.literal('authed'), userId: z.number() }),
  z.object({ op: z.literal('error'), msg: z.string() }),
  z.object({ op: z.literal('pong') }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

/**
 * Several market messages in one frame (decision 069): the server sends a client every subscribed topic
 * that changed in one tick as `{batch:[…]}`, each element a message above; a lone topic comes as itself.
 */
export const serverBatch = z.object({ batch: z.array(z.unknown()).min(1) });
