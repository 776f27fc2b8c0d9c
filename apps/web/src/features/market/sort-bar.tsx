import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/it-IT';
import { nextSortOrder, type SortKey, type SortOrder } from '../../shared/market/sort-rows';
import styles from './sort-bar.module.css';

const labels: Record<SortKey, MessageKey> = {
  name: 'markets.sort.name',
  volume: 'markets.sort.volume',
  price: 'markets.sort.price',
  change: 'markets.sort.change',
};

/** The column heads of a market list, laid out over its columns: tap to sort, tap again to reverse. */
export function SortBar({
  order,
  onChange,
  testId,
}: {
  order: SortOrder;
  onChange: (order: SortOrder) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const head = (key: SortKey) => {
    const active = order.key === key;
    const arrow = active ? (order.direction === 'asc' ? '▲' : '▼') : '';
    return (
      <button
        type="button"
        className={active ? `${styles.head} ${styles.active}` : styles.head}
        onClick={() => onChange(nextSortOrder(order, key))}
        aria-pressed={active}
        aria-label={t('markets.sortBy', { 0: t(labels[key]) })}
        data-testid={`${testId}-${key}`}
        data-direction={active ? order.direction : undefined}
      >
        {t(labels[key])}
        <span className={styles.arrow} aria-hidden="true">
          {arrow}
        </span>
      </button>
    );
  };
  return (
    <div className={styles.bar}>
      <span className={styles.left}>{head('name')}</span>
      <span className={styles.middle}>
        {head('price')}
        <span className={styles.slash}>/</span>
        {head('volume')}
      </span>
      <span className={styles.right}>{head('change')}</span>
    </div>
  );
}
