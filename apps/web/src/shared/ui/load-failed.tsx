import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './load-failed.module.css';

/** What a block shows when its data could not be loaded (the reason was already toasted): a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.box} role="alert">
      <p>{t('common.loadFailed')}</p>
      <Button size="small" onClick={onRetry} data-testid="load-retry">
        {t('common.retry')}
      </Button>
    </div>
  );
}
