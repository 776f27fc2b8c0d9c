import { useTranslation } from 'react-i18next';
import styles from './notes.module.css';

/** Crypto has no session: said once over a crypto list, where a stock list would say "market closed". */
export function CryptoOpenNote() {
  const { t } = useTranslation();
  return (
    <p className={`${styles.note} ${styles.open}`} data-testid="crypto-always-open">
      {t('markets.alwaysOpen')}
    </p>
  );
}
