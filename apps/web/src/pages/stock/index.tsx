import { formatDateTime } from '@piazza/core/format-date';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CountryList } from '../../features/market/country-list';
import {
  formatChangePercent,
  formatPrice,
  formatPriceChange,
  formatVolume,
} from '../../features/market/format-quote';
import { MarketClosedNote } from '../../features/market/market-closed-note';
import trend from '../../features/market/trend.module.css';
import type { MessageKey } from '../../i18n/it-IT';
import { compareDecimal, trendOf } from '../../shared/market/decimal-order';
import { useIndexRows, useInstrument } from '../../shared/market/market-queries';
import { klinePath } from '../../shared/market/market-row';
import { defaultSortOrder, type SortOrder } from '../../shared/market/sort-rows';
import { withLiveQuote } from '../../shared/realtime/merge-quotes';
import { useTicker } from '../../shared/realtime/use-topic';
import { usePersisted } from '../../shared/storage/persisted';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';
import styles from './index.module.css';

/** Countries whose shares the app lists: an index of one of them shows that country's shares below it. */
const listedCountries = new Set(['IT', 'US']);

/**
 * An index: its live level and change, the session's figures, a way to its chart, and the shares of its
 * market (the contract does not say which shares make up an index; FTSE MIB's market is Italy's list).
 * Without ?symbol= it shows the first index, FTSE MIB.
 */
export default function IndexPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const indices = useIndexRows();
  const symbol = params.get('symbol')?.trim().toUpperCase() || indices.data?.[0]?.symbol || '';
  const info = useInstrument(symbol);
  const quote = useTicker(symbol || null);
  const [order, setOrder] = useState<SortOrder>(defaultSortOrder);

  const waiting = info.isPending || (!params.get('symbol') && indices.isPending);
  const failed = info.isError || (!symbol && indices.isError);
  const index = info.data ? withLiveQuote(info.data, quote) : undefined;

  return (
    <Page title={index?.name ?? t('markets.index.title')} flush>
      {waiting ? (
        <Skeleton.Paragraph className={styles.loading} lineCount={6} animated />
      ) : failed || !index ? (
        <LoadFailed
          onRetry={() => {
            void indices.refetch();
            void info.refetch();
          }}
        />
      ) : (
        <>
          <IndexHeader index={index} />
          {index.country && listedCountries.has(index.country) && (
            <>
              <h2 className={styles.heading}>
                {t(index.country === 'IT' ? 'markets.index.italyList' : 'markets.list.title')}
              </h2>
              <CountryList
                country={index.country}
                order={order}
                onOrderChange={setOrder}
                closedNote={false}
                testId="index-constituents"
              />
            </>
          )}
        </>
      )}
    </Page>
  );
}

type Index = NonNullable<ReturnType<typeof useInstrument>['data']>;

function IndexHeader({ index }: { index: Index }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const tone = trend[trendOf(index.change)];
  const price = (value: string) => formatPrice(value, index.priceScale, lang);
  const figures: [MessageKey, string][] = [
    ['markets.index.open', price(index.open)],
    ['markets.index.prevClose', price(index.prevClose)],
    ['markets.index.high', price(index.high)],
    ['markets.index.low', price(index.low)],
  ];
  return (
    <>
      <MarketClosedNote rows={[index]} />
      <section className={styles.header} data-testid="index-header">
        <div className={styles.symbol}>{index.symbol}</div>
        <div className={`${styles.level} ${tone}`} data-testid="index-level">
          {price(index.last)}
        </div>
        <div className={`${styles.change} ${tone}`} data-testid="index-change">
          {formatPriceChange(index.change, index.priceScale, lang)} (
          {formatChangePercent(index.changePercent, lang)})
        </div>
        <dl className={styles.figures}>
          {figures.map(([label, value]) => (
            <div key={label} className={styles.figure}>
              <dt>{t(label)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {compareDecimal(index.volume, '0') > 0 && (
            <div className={styles.figure}>
              <dt>{t('markets.index.volume')}</dt>
              <dd>{formatVolume(index.volume, lang)}</dd>
            </div>
          )}
        </dl>
        <p className={styles.updated}>{t('markets.index.updatedAt', { 0: formatDateTime(index.time) })}</p>
        <Button
          block
          color="primary"
          fill="outline"
          onClick={() => navigate(klinePath(index))}
          data-testid="index-open-chart"
        >
          {t('markets.openChart')}
        </Button>
      </section>
    </>
  );
}
