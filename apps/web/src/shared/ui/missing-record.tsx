import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styles from './load-failed.module.css';

/**
 * What a detail page shows when its address names no record (no `id`, or not a number): there is nothing to
 * load, so instead of a skeleton that never fills, it says so and leads to the list the record belongs to.
 */
export function MissingRecord({ listPath }: { listPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.box} role="alert" data-testid="missing-record">
      <p>{t('common.missingRecord')}</p>
      <Button size="small" onClick={() => navigate(listPath)} data-testid="missing-record-list">
        {t('common.toList')}
      </Button>
    </div>
  );
}
