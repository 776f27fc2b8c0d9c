import { useTranslation } from 'react-i18next';
import { AlertList } from '../../features/alerts/alert-list';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** The investor's price alerts (issue 20), set from an instrument's K-line page. */
export default function AlertListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('alerts.title')}>
      <RequireSession>{() => <AlertList />}</RequireSession>
    </Page>
  );
}
