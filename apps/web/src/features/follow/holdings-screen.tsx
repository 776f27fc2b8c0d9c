import { fundInfoCall, fundRecordStocks } from '@piazza/contract/calls/fund';
import { formatDateTime } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import figures from '../../shared/figures/figures.module.css';
import { moneyText, shownDecimals } from '../../shared/money/money-text';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { usePersisted } from '../../shared/storage/persisted';
import { shareCount } from '../../shared/ticket/order-figures';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { MissingRecord } from '../../shared/ui/missing-record';
import productStyles from '../../shared/ui/products.module.css';
import styles from './follow.module.css';
import { followPaths, followRefreshCalls } from './follow-calls';
import { rowKeys } from './fund-figures';

const pageSize = 20;

/**
 * What a fund's book holds now (its cash and each share at its last price) and the trades it executed,
 * newest first, a page at a time. Values are in the fund's currency.
 */
export function HoldingsScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const [page, setPage] = useState(1);
  const info = useApiQuery(fundInfoCall, { id }, { enabled: id > 0 });
  const record = useApiQuery(
    fundRecordStocks,
    { id, page, size: pageSize },
    { enabled: id > 0, staleTime: 0, placeholderData: (previous) => previous },
  );
  useMoneyEvents(followRefreshCalls);
  if (!(id > 0)) return <MissingRecord listPath={followPaths.index} />;
  if (record.isError) return <LoadFailed onRetry={() => void record.refetch()} />;
  if (!record.data) return <Skeleton.Paragraph lineCount={12} animated />;
  const currency = info.data?.fund.currency ?? 'EUR';
  const r = record.data;
  const pages = Math.max(1, Math.ceil(r.total / pageSize));
  const keys = rowKeys(r.list, (x) => `${x.at}-${x.symbol}-${x.side}-${x.quantity}-${x.price}`);
  const price = (text: string) => formatNumber(text, lang, shownDecimals(text));
  return (
    <>
      {info.data && <h2 className={styles.pageHead}>{info.data.fund.name}</h2>}
      <Card title={t('follow.holdings.title')} testId="fund-holdings">
        <p className={listing.note} data-testid="fund-cash">
          {t('follow.holdings.cash', { 0: moneyText(r.cash, currency, lang) })}
        </p>
        {r.holdings.length === 0 ? (
          <p className={listing.empty} data-testid="fund-holdings-empty">
            {t('follow.holdings.empty')}
          </p>
        ) : (
          <div className={productStyles.scroll}>
            <table className={productStyles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('follow.holdings.symbol')}</th>
                  <th scope="col">{t('follow.holdings.quantity')}</th>
                  <th scope="col">{t('follow.holdings.lastPrice')}</th>
                  <th scope="col">{t('follow.holdings.value', { 0: currency })}</th>
                </tr>
              </thead>
              <tbody>
                {r.holdings.map((h) => (
                  <tr key={h.symbol} data-testid={`fund-holding-${h.symbol}`}>
                    <td>
                      {h.symbol}
                      <span className={productStyles.instrument}>{h.name}</span>
                    </td>
                    <td>{shareCount(h.quantity, lang)}</td>
                    <td>{price(h.lastPrice)}</td>
                    <td>{formatNumber(h.value, lang, 2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className={listing.note}>{t('follow.holdings.about')}</p>
      </Card>
      <Card title={t('follow.trades.title')} testId="fund-trades">
        {r.list.length === 0 ? (
          <p className={listing.empty} data-testid="fund-trades-empty">
            {t('follow.trades.empty')}
          </p>
        ) : (
          <div className={productStyles.scroll}>
            <table className={productStyles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('follow.trades.symbol')}</th>
                  <th scope="col">{t('follow.trades.side')}</th>
                  <th scope="col">{t('follow.trades.price')}</th>
                  <th scope="col">{t('follow.trades.value', { 0: currency })}</th>
                </tr>
              </thead>
              <tbody>
                {r.list.map((trade, i) => (
                  <tr key={keys[i]} data-testid="fund-trade">
                    <td>
                      {trade.symbol}
                      <span className={productStyles.instrument}>{formatDateTime(trade.at)}</span>
                    </td>
                    <td>
                      <span className={trade.side === 'buy' ? figures.up : figures.down}>
                        {t(trade.side === 'buy' ? 'follow.trades.buy' : 'follow.trades.sell')}
                      </span>
                      <span className={styles.sub}>
                        {t('follow.trades.quantityShort', { 0: shareCount(trade.quantity, lang) })}
                      </span>
                    </td>
                    <td>{price(trade.price)}</td>
                    <td>
                      {formatNumber(trade.value, lang, 2)}
                      <span className={styles.sub}>
                        {t('follow.trades.feeShort', { 0: formatNumber(trade.fee, lang, 2) })}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 && (
          <div className={styles.pager}>
            <Button
              size="small"
              disabled={page <= 1 || record.isFetching}
              onClick={() => setPage((p) => p - 1)}
              data-testid="fund-trades-newer"
            >
              {t('follow.trades.newer')}
            </Button>
            <span data-testid="fund-trades-page">{t('follow.trades.page', { 0: page, 1: pages })}</span>
            <Button
              size="small"
              disabled={page >= pages || record.isFetching}
              onClick={() => setPage((p) => p + 1)}
              data-testid="fund-trades-older"
            >
              {t('follow.trades.older')}
            </Button>
          </div>
        )}
        <p className={listing.note}>{t('follow.trades.about')}</p>
      </Card>
    </>
  );
}
