import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { isTabPath } from '../features/tab-bar/tabs';
import { paths } from '../shared/navigation/paths';
import { Page } from '../shared/ui/page';
import styles from './app.module.css';

/** A planned route (SPEC §2) whose feature has not been built yet: said plainly, with no stand-in content. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    // A tab has nowhere to go back to: its neighbours are in the tab bar.
    <Page title={t('route.notAvailable.title')} left={isTabPath(pathname) ? null : 'back'}>
      <div className={styles.centered} data-testid="not-available">
        <ErrorBlock
          status="busy"
          title={t('route.notAvailable.title')}
          description={t('route.notAvailable.text')}
        />
        <Button color="primary" fill="outline" onClick={() => navigate(paths.home)}>
          {t('route.goHome')}
        </Button>
      </div>
    </Page>
  );
}
