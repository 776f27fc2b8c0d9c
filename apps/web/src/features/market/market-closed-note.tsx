import { useTranslation } from 'react-i18next';
import type { MarketRow } from '../../shared/market/market-row';
import styles from './notes.module.css';

/**
 * "Market closed" over a list of one market when its quotes say so (status comes with every quote, so the
 * note appears and goes with the session). Crypto never closes.
 */
export function MarketClosedNote({ rows }: { rows: readonly Pick<MarketRow, 'status'>[] }) {
  const { t } = useTranslation();
  if (rows.length === 0 || rows.some((row) => row.status !== 'closed')) return null;
  return (
    <p className={`${styles.note} ${styles.closed}`} role="status" data-testid="market-closed">
      <strong>{t('markets.marketClosed')}</strong> {t('markets.marketClosedHint')}
    </p>
  );
}
