import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../shared/navigation/paths';
import { Page } from '../shared/ui/page';
import styles from './app.module.css';

/** Any address that is neither a page file nor a planned route. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('route.notFound.title')}>
      <div className={styles.centered} data-testid="not-found">
        <ErrorBlock status="empty" title={t('route.notFound.title')} description={t('route.notFound.text')} />
        <Button color="primary" onClick={() => navigate(paths.home, { replace: true })}>
          {t('route.goHome')}
        </Button>
      </div>
    </Page>
  );
}
