import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AlertForm } from '../../features/alerts/alert-form';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** Sets a price alert on an instrument (issue 20): `?symbol=ENI.MI`, reached from its K-line page. */
export default function AlertSetPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  return (
    <Page title={t('alerts.setTitle')}>
      {symbol ? (
        <RequireSession>{() => <AlertForm symbol={symbol} />}</RequireSession>
      ) : (
        <p role="alert">{t('alerts.noSymbol')}</p>
      )}
    </Page>
  );
}
