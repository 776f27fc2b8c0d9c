import { useTranslation } from 'react-i18next';
import { copyText } from '../../shared/ui/copy-text';
import styles from './funding.module.css';

/**
 * A labelled value the user must type elsewhere exactly (an IBAN, a reference, an address), with Copy.
 * `shown` is how it reads best (an IBAN in groups of four); Copy always gives `value` as it is.
 */
export function CopyRow({
  label,
  value,
  shown,
  testId,
}: {
  label: string;
  value: string;
  shown?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <li className={styles.row}>
      <span className={styles.label}>{label}</span>
      <span className={styles.copyValue}>
        <span className={styles.value} data-testid={testId}>
          {shown ?? value}
        </span>
        <button
          type="button"
          className={styles.copyButton}
          onClick={() => void copyText(value)}
          aria-label={`${t('common.copy')} ${label}`}
          data-testid={`${testId}-copy`}
        >
          {t('common.copy')}
        </button>
      </span>
    </li>
  );
}

/** A labelled value, read only. */
export function InfoRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <li className={styles.row}>
      <span className={styles.label}>{label}</span>
      <span className={styles.value} data-testid={testId}>
        {value}
      </span>
    </li>
  );
}
