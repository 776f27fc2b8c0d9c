import type { QuoteWire } from '@piazza/contract/market';
import { useEffect, useState } from 'react';
import { realtime } from './realtime';
import { topics } from './topics';

/** Live quotes reach React at most this often: a list of forty rows at 10 ticks a second each would
 * otherwise re-render 400 times a second. */
export const liveListRefreshMs = 250;

/**
 * The live quotes of `symbols`, by symbol, while the component is mounted: one ticker topic per symbol,
 * shared with any other component watching it, re-rendering at most every 250 ms.
 */
export function useLiveQuotes(symbols: readonly string[]): ReadonlyMap<string, QuoteWire> {
  const [quotes, setQuotes] = useState<ReadonlyMap<string, QuoteWire>>(() => new Map());
  const key = [...new Set(symbols)].sort().join('\n');

  useEffect(() => {
    const wanted = key ? key.split('\n') : [];
    const pending = new Map<string, QuoteWire>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const publish = () => {
      timer = undefined;
      const batch = new Map(pending);
      pending.clear();
      setQuotes((previous) => {
        const next = new Map<string, QuoteWire>();
        // Keep only symbols still wanted, so a list that changed does not keep old quotes forever.
        for (const symbol of wanted) {
          const quote = batch.get(symbol) ?? previous.get(symbol);
          if (quote) next.set(symbol, quote);
        }
        return next;
      });
    };
    const unsubscribes = wanted.map((symbol) =>
      realtime.subscribe(topics.ticker(symbol), (quote) => {
        pending.set(symbol, quote);
        timer ??= setTimeout(publish, liveListRefreshMs);
      }),
    );
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [key]);

  return quotes;
}
