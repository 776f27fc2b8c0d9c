import { trendOf } from '../../shared/market/decimal-order';
import { usePersisted } from '../../shared/storage/persisted';
import styles from './change-pill.module.css';
import { formatChangePercent } from './format-quote';

/** A change in percent on green (rise) or red (fall), grey when unchanged. */
export function ChangePill({ value, testId }: { value: string; testId?: string }) {
  const lang = usePersisted('lang');
  return (
    <span className={`${styles.pill} ${styles[trendOf(value)]}`} data-testid={testId}>
      {formatChangePercent(value, lang)}
    </span>
  );
}
