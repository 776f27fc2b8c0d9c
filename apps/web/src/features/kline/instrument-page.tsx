import type {
  coinBooks,
  coinCandles,
  coinTicker,
  coinTrades,
  stockBooks,
  stockCandles,
  stockInfo,
  stockTrades,
} from '@piazza/contract/calls/market';
import type { CandleInterval } from '@piazza/contract/enums';
import { Skeleton } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { coinTradePath } from '../../shared/coin/coin-paths';
import { OrderBook } from '../../shared/market/order-book';
import { useRealtimeStatus, useTicker } from '../../shared/realtime/use-topic';
import { tradingPaths } from '../../shared/ticket/trading-paths';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';
import { TabRow } from '../../shared/ui/tab-row';
import styles from './instrument-page.module.css';
import { KlinePanel } from './kline-panel';
import { QuoteHeader } from './quote-header';
import { TradesTape } from './trades-tape';
import { type WatchCalls, WatchStar } from './watch-star';

/** What differs between the stock and the crypto K-line pages: the calls, and where the chart starts. */
export interface KlineMarket {
  info: typeof stockInfo | typeof coinTicker;
  candles: typeof stockCandles | typeof coinCandles;
  books: typeof stockBooks | typeof coinBooks;
  trades: typeof stockTrades | typeof coinTrades;
  watch: WatchCalls;
  defaultInterval: CandleInterval;
  /** The instrument shown when the address names none. */
  defaultSymbol: string;
}

const tabs = ['book', 'trades'] as const;
type Tab = (typeof tabs)[number];

/**
 * The K-line page of one instrument (`?symbol=ENI.MI`, or the market's default without one): its live price, the chart, the book and the trades,
 * and the watchlist star. The stock and crypto pages are this page with their own calls.
 */
export function InstrumentPage({
  market,
  below,
}: {
  market: KlineMarket;
  /** What the page that composes this one shows under the book and trades (the stock page's news). */
  below?: (symbol: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // Opened without a symbol (a bookmark, a shortened link), the page shows the market's own default.
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase() || market.defaultSymbol;
  const info = useApiQuery(market.info, { symbol }, { staleTime: 0 });
  // Live quotes only for a symbol the server knows, as it named it.
  const live = useTicker(info.data?.symbol ?? null);
  const socket = useRealtimeStatus();
  const [tab, setTab] = useState<Tab>('book');

  const instrument = info.data;
  return (
    <Page
      title={instrument?.name ?? symbol}
      flush
      right={
        instrument && (
          <WatchStar symbol={instrument.symbol} collected={instrument.collected} calls={market.watch} />
        )
      }
    >
      {info.isError ? (
        <LoadFailed onRetry={() => void info.refetch()} />
      ) : !instrument ? (
        <div className={styles.header}>
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : (
        <>
          <QuoteHeader
            symbol={instrument.symbol}
            currency={instrument.currency}
            priceDecimals={instrument.priceScale}
            quote={live?.symbol === instrument.symbol ? live : instrument}
            reconnecting={socket === 'waiting'}
          />
          {(instrument.kind === 'stock' || instrument.kind === 'crypto') && instrument.listed && (
            <Link
              className={styles.tradeLink}
              to={
                instrument.kind === 'crypto'
                  ? coinTradePath(instrument.symbol)
                  : `${tradingPaths.trade}?symbol=${encodeURIComponent(instrument.symbol)}`
              }
              data-testid="kline-trade"
            >
              {t('trade.open')}
            </Link>
          )}
          <KlinePanel
            symbol={instrument.symbol}
            priceDecimals={instrument.priceScale}
            candlesCall={market.candles}
            defaultInterval={market.defaultInterval}
          />
          <section className={styles.tabs}>
            <TabRow
              options={tabs}
              value={tab}
              onChange={setTab}
              label={(name) => t(name === 'book' ? 'kline.tab.book' : 'kline.tab.trades')}
              testId={(name) => `kline-tab-${name}`}
              classes={{ row: styles.tabBar, tab: styles.tab, tabOn: styles.tabOn }}
            />
            {tab === 'book' ? (
              <OrderBook
                symbol={instrument.symbol}
                call={market.books}
                priceDecimals={instrument.priceScale}
                quantityDecimals={instrument.quantityScale}
              />
            ) : (
              <TradesTape
                symbol={instrument.symbol}
                call={market.trades}
                priceDecimals={instrument.priceScale}
                quantityDecimals={instrument.quantityScale}
              />
            )}
          </section>
          {below?.(instrument.symbol)}
        </>
      )}
    </Page>
  );
}
