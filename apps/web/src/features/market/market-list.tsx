import { Tag } from 'antd-mobile';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { klinePath, type MarketRow } from '../../shared/market/market-row';
import { type SortOrder, sortRows } from '../../shared/market/sort-rows';
import { useRowWatch } from '../../shared/market/watchlist';
import { useLiveQuotes } from '../../shared/realtime/live-quotes';
import { withLiveQuotes } from '../../shared/realtime/merge-quotes';
import { usePersisted } from '../../shared/storage/persisted';
import { ChangePill } from './change-pill';
import { formatPrice, formatVolume } from './format-quote';
import { LiveNote } from './live-note';
import { MarketClosedNote } from './market-closed-note';
import styles from './market-list.module.css';
import { SortBar } from './sort-bar';
import { useVisibleSymbols } from './use-visible-symbols';

interface MarketListProps {
  rows: readonly MarketRow[];
  /** Sorting controls: `local` sorts here, otherwise the caller asks the server for the order. */
  sort?: { order: SortOrder; onChange: (order: SortOrder) => void; local: boolean };
  /** Lists that mix markets (watchlist, hot list, search) say per row when its market is closed. */
  mixedMarkets?: boolean;
  /** A list of one market says "market closed" over it, unless the page already said so above. */
  closedNote?: boolean;
  /** What to show when there are no rows. */
  empty?: ReactNode;
  testId: string;
}

/**
 * A list of instruments with live last price and change (of the rows on screen): a tap opens the K-line. Rows keep the order they
 * had when the list arrived or the sort was chosen; live ticks change the figures, never the order, so a
 * row does not move under the reader's finger.
 */
export function MarketList({
  rows,
  sort,
  mixedMarkets = false,
  closedNote = true,
  empty,
  testId,
}: MarketListProps) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const { visible, rowRef } = useVisibleSymbols();
  // A signed-in investor adds or removes any row from the watchlist with the star beside it.
  const { watched, flip } = useRowWatch();
  const live = useLiveQuotes(
    rows.flatMap((row) => (!visible || visible.has(row.symbol) ? [row.symbol] : [])),
  );
  const shown = withLiveQuotes(rows, live);

  // The live figures at the moment the order is decided, read without making every tick re-sort.
  const latest = useRef(shown);
  latest.current = shown;
  const order = sort?.local ? sort.order : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-sort when the list or the order changes, not per tick
  const symbolOrder = useMemo(
    () => (order ? sortRows(latest.current, order, lang).map((row) => row.symbol) : null),
    [rows, order, lang],
  );
  const ordered = symbolOrder
    ? symbolOrder.flatMap((symbol) => shown.filter((row) => row.symbol === symbol))
    : shown;

  return (
    <div data-testid={testId}>
      <LiveNote />
      {!mixedMarkets && closedNote && <MarketClosedNote rows={shown} />}
      {sort && ordered.length > 0 && (
        <SortBar order={sort.order} onChange={sort.onChange} testId={`${testId}-sort`} />
      )}
      {ordered.length === 0 ? (
        <div className={styles.empty}>{empty ?? t('markets.empty')}</div>
      ) : (
        <ul className={styles.list}>
          {ordered.map((row) => (
            <li key={row.symbol} ref={rowRef(row.symbol)} className={styles.item}>
              <button
                type="button"
                className={styles.row}
                onClick={() => navigate(klinePath(row))}
                data-testid={`market-row-${row.symbol}`}
              >
                <span className={styles.names}>
                  <span className={styles.name}>{row.name}</span>
                  <span className={styles.symbol}>
                    {row.symbol}
                    {mixedMarkets && row.status === 'closed' && (
                      <Tag className={styles.closed} fill="outline" color="default">
                        {t('markets.closed')}
                      </Tag>
                    )}
                  </span>
                </span>
                <span className={styles.figures}>
                  <span className={styles.last} data-testid="market-row-last">
                    {formatPrice(row.last, row.priceScale, lang)}
                  </span>
                  <span className={styles.volume}>
                    {t('markets.volume', { 0: formatVolume(row.volume, lang) })}
                  </span>
                </span>
                <ChangePill value={row.changePercent} testId="market-row-change" />
              </button>
              {watched && (
                <button
                  type="button"
                  className={styles.star}
                  aria-pressed={watched.has(row.symbol)}
                  aria-label={t('markets.watch', { 0: row.name })}
                  onClick={() => void flip(row)}
                  data-testid={`market-star-${row.symbol}`}
                >
                  {watched.has(row.symbol) ? (
                    <StarFill className={styles.starOn} aria-hidden />
                  ) : (
                    <StarOutline aria-hidden />
                  )}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
