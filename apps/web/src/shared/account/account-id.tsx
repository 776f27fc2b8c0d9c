import { FileOutline } from 'antd-mobile-icons';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../ui/copy-text';
import styles from './account-id.module.css';

/** The displayed user id (IN365201820 + id, from the server) with a copy button. */
interface AccountIdProps {
  displayId: string;
  testIdPrefix: string;
  /** Whether to say "ID" in front (not where the row is already labelled). */
  withLabel?: boolean;
}

export function AccountId({ displayId, testIdPrefix, withLabel = true }: AccountIdProps) {
  const { t } = useTranslation();
  const copy = (e: MouseEvent) => {
    // The id often sits inside a tappable user block; copying must not also open the profile.
    e.stopPropagation();
    void copyText(displayId);
  };
  return (
    <span className={styles.row}>
      <span>
        {withLabel && `${t('account.idLabel')} `}
        <span data-testid={`${testIdPrefix}-id`}>{displayId}</span>
      </span>
      <button
        type="button"
        className={styles.copy}
        onClick={copy}
        aria-label={t('account.copyId')}
        data-testid={`${testIdPrefix}-copy-id`}
      >
        <FileOutline />
        {t('common.copy')}
      </button>
    </span>
  );
}
