import { type coinBooks, stockBooks } from '@piazza/contract/calls/market';
import type { BookWire } from '@piazza/contract/market';
import { useEffect, useState } from 'react';
import { useApiQuery } from '../api/use-api-query';
import { bookDepth } from '../market/order-book';
import { topics } from '../realtime/topics';
import { useTopic } from '../realtime/use-topic';

/**
 * The book of a share (or, with coinBooks, a crypto pair) as the ticket prices a market order on it: the first
 * read, then each live update.
 */
export function useLiveBook(
  symbol: string,
  call: typeof stockBooks | typeof coinBooks = stockBooks,
): BookWire | null {
  const first = useApiQuery(call, { symbol, depth: bookDepth }, { staleTime: 0 });
  const [live, setLive] = useState<BookWire | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a book of the previous symbol must not price this one
  useEffect(() => setLive(null), [symbol]);
  useTopic(topics.book(symbol), (book) => {
    if (book.symbol === symbol) setLive(book);
  });
  return live ?? first.data ?? null;
}
