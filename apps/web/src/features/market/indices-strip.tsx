import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { trendOf } from '../../shared/market/decimal-order';
import type { MarketRow } from '../../shared/market/market-row';
import { useLiveQuotes } from '../../shared/realtime/live-quotes';
import { withLiveQuotes } from '../../shared/realtime/merge-quotes';
import { usePersisted } from '../../shared/storage/persisted';
import { formatChangePercent, formatPrice, formatPriceChange } from './format-quote';
import styles from './indices-strip.module.css';
import { indexPath } from './market-paths';
import trend from './trend.module.css';

/** The indices side by side, scrolled sideways, each with its live level and change; a tap opens it. */
export function IndicesStrip({
  rows,
  loading,
}: {
  rows: readonly MarketRow[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const live = useLiveQuotes(rows?.map((row) => row.symbol) ?? []);
  if (loading) return <Skeleton className={styles.skeleton} animated />;
  if (!rows || rows.length === 0) return null;
  return (
    <ul className={styles.strip} aria-label={t('markets.indices')} data-testid="indices-strip">
      {withLiveQuotes(rows, live).map((row) => {
        const tone = trend[trendOf(row.change)];
        return (
          <li key={row.symbol}>
            <button
              type="button"
              className={styles.card}
              onClick={() => navigate(indexPath(row.symbol))}
              data-testid={`index-card-${row.symbol}`}
            >
              <span className={styles.name}>{row.name}</span>
              <span className={`${styles.level} ${tone}`} data-testid="index-card-level">
                {formatPrice(row.last, row.priceScale, lang)}
              </span>
              <span className={`${styles.change} ${tone}`}>
                {formatPriceChange(row.change, row.priceScale, lang)}{' '}
                {formatChangePercent(row.changePercent, lang)}
              </span>
              {row.status === 'closed' && <span className={styles.closed}>{t('markets.closed')}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
