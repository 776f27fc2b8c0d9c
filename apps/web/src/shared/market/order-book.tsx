import type { coinBooks, stockBooks } from '@piazza/contract/calls/market';
import type { BookWire } from '@piazza/contract/market';
import { formatNumber } from '@piazza/core/format-number';
import { SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../api/use-api-query';
import { topics } from '../realtime/topics';
import { useTopic } from '../realtime/use-topic';
import { usePersisted } from '../storage/persisted';
import { LoadFailed } from '../ui/load-failed';
import styles from './order-book.module.css';
import { depthShares } from './trade-list';

/** Levels a side, as DESIGN.md §6 gives the book. */
export const bookDepth = 20;

interface OrderBookProps {
  symbol: string;
  call: typeof stockBooks | typeof coinBooks;
  priceDecimals: number;
  quantityDecimals: number;
}

/** The 20-level book, bids beside asks, each level with a bar as long as its share of the largest level. */
export function OrderBook({ symbol, call, priceDecimals, quantityDecimals }: OrderBookProps) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const first = useApiQuery(call, { symbol, depth: bookDepth }, { staleTime: 0 });
  const [live, setLive] = useState<BookWire | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a book of the previous symbol must not show
  useEffect(() => setLive(null), [symbol]);
  useTopic(topics.book(symbol), (book) => {
    if (book.symbol === symbol) setLive(book);
  });

  const book = live ?? first.data;
  if (!book) {
    return first.isError ? (
      <LoadFailed onRetry={() => void first.refetch()} />
    ) : (
      <div className={styles.centred}>
        <SpinLoading />
      </div>
    );
  }
  if (book.bids.length === 0 && book.asks.length === 0) {
    return <p className={styles.empty}>{t('kline.book.empty')}</p>;
  }

  const bids = book.bids.slice(0, bookDepth);
  const asks = book.asks.slice(0, bookDepth);
  const largest = Math.max(0, ...[...bids, ...asks].map(([, q]) => Number(q)));
  const bidShares = depthShares(
    bids.map(([, q]) => q),
    largest,
  );
  const askShares = depthShares(
    asks.map(([, q]) => q),
    largest,
  );
  const rows = Math.max(bids.length, asks.length);
  const price = (text: string) => formatNumber(text, lang, priceDecimals);
  const quantity = (text: string) => formatNumber(text, lang, quantityDecimals);

  return (
    <div className={styles.book} data-testid="kline-book">
      <div className={styles.bookHead}>
        <span>{t('kline.book.quantity')}</span>
        <span className={styles.up}>{t('kline.book.bid')}</span>
        <span className={styles.down}>{t('kline.book.ask')}</span>
        <span>{t('kline.book.quantity')}</span>
      </div>
      {Array.from({ length: rows }, (_, i) => {
        const bid = bids[i];
        const ask = asks[i];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a level is its rank in the book
          <div key={i} className={styles.bookRow} data-testid="kline-book-level">
            <div className={styles.bidSide}>
              <div className={styles.bidBar} style={{ width: `${(bidShares[i] ?? 0) * 100}%` }} />
              <span>{bid ? quantity(bid[1]) : ''}</span>
              <span className={styles.up}>{bid ? price(bid[0]) : ''}</span>
            </div>
            <div className={styles.askSide}>
              <div className={styles.askBar} style={{ width: `${(askShares[i] ?? 0) * 100}%` }} />
              <span className={styles.down}>{ask ? price(ask[0]) : ''}</span>
              <span>{ask ? quantity(ask[1]) : ''}</span>
            </div>
          </div>
        );
      })}
    </div>
  );
}
