import { type CandleInterval, candleIntervals } from '@piazza/contract/enums';

/** A topic of the WebSocket protocol (packages/contract/src/ws.ts), read from its name. */
export type Topic =
  | { kind: 'ticker'; symbol: string }
  | { kind: 'candles'; interval: CandleInterval; symbol: string }
  | { kind: 'book'; symbol: string }
  | { kind: 'trades'; symbol: string }
  | { kind: 'user' };

export type MarketTopic = Exclude<Topic, { kind: 'user' }>;

export type TopicReading = { topic: Topic } | { refusal: string; params: string[] };

/**
 * Reads a topic name and checks what it names: the symbol against `knows` (the instrument catalogue), the
 * interval against the contract's list. A refusal names the part at fault.
 */
export function readTopic(name: string, knows: (symbol: string) => boolean): TopicReading {
  if (name === 'user') return { topic: { kind: 'user' } };
  const parts = name.split(':');
  const [kind] = parts;
  if (parts.length === 2 && (kind === 'ticker' || kind === 'book' || kind === 'trades')) {
    const symbol = parts[1] ?? '';
    return knows(symbol) ? { topic: { kind, symbol } } : { refusal: 'realtime.badSymbol', params: [symbol] };
  }
  if (parts.length === 3 && kind === 'candles') {
    const interval = parts[1] ?? '';
    const symbol = parts[2] ?? '';
    if (!isInterval(interval)) return { refusal: 'realtime.badInterval', params: [interval] };
    if (!knows(symbol)) return { refusal: 'realtime.badSymbol', params: [symbol] };
    return { topic: { kind, interval, symbol } };
  }
  // Long names are cut in the message: it is shown to a person and logged.
  return { refusal: 'realtime.badTopic', params: [name.length > 60 ? `${name.slice(0, 60)}…` : name] };
}

function isInterval(value: string): value is CandleInterval {
  return (candleIntervals as readonly string[]).includes(value);
}

/** The bus topic of a user's own events; on the socket they arrive under the topic `user`. */
export function userTopic(userId: number): string {
  return `user:${userId}`;
}
