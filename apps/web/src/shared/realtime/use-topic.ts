import type { QuoteWire } from '@piazza/contract/market';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { realtime } from './realtime';
import type { RealtimeStatus } from './realtime-client';
import { type Topic, type TopicData, topics } from './topics';

/*
 * Usage:
 *   useTopic(topics.candles('1m', symbol), (update) => series.update(toBar(update.candle)));
 *   const quote = useTicker('ENI.MI'); // undefined until the first quote arrives
 * Pass null as the topic to subscribe to nothing (data not ready yet). Any number of components may watch
 * the same topic: the socket subscribes once and unsubscribes when the last one unmounts.
 */

/** Calls `onMessage` with every message of `topic` while the component is mounted. */
export function useTopic<T extends Topic>(topic: T | null, onMessage: (data: TopicData<T>) => void): void {
  // The latest callback, so a new closure each render does not resubscribe.
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (topic === null) return;
    return realtime.subscribe(topic, (data) => handler.current(data));
  }, [topic]);
}

/** The latest live quote of `symbol` (undefined until one arrives, or for a null symbol). */
export function useTicker(symbol: string | null): QuoteWire | undefined {
  const [quote, setQuote] = useState<QuoteWire | undefined>(undefined);
  // A quote of the previous symbol must not show under the new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on purpose when the symbol changes
  useEffect(() => setQuote(undefined), [symbol]);
  useTopic(symbol === null ? null : topics.ticker(symbol), setQuote);
  return quote;
}

/** The latest quote of each of several symbols, by symbol (a symbol is absent until its first quote). */
export function useTickers(symbols: readonly string[]): ReadonlyMap<string, QuoteWire> {
  const [quotes, setQuotes] = useState<ReadonlyMap<string, QuoteWire>>(new Map());
  // One key for the set of symbols, so a new array of the same symbols does not resubscribe.
  const key = [...new Set(symbols)].sort().join('\n');
  useEffect(() => {
    if (key === '') return;
    const wanted = key.split('\n');
    const stops = wanted.map((symbol) =>
      realtime.subscribe(topics.ticker(symbol), (quote) =>
        setQuotes((old) => new Map(old).set(symbol, quote)),
      ),
    );
    return () => {
      for (const stop of stops) stop();
      setQuotes(new Map());
    };
  }, [key]);
  return quotes;
}

/** Whether live data is flowing: 'waiting' means the socket dropped and a reconnect is scheduled. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => realtime.onStatus(listener),
    () => realtime.status,
  );
}
