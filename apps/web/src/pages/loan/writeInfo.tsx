import { useTranslation } from 'react-i18next';
import { WriteInfoScreen } from '../../features/lending/loan-form';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** The loan application's first step (SPEC §2 `loan/writeInfo`): amount, days, purpose, income, employment. */
export default function WriteInfo() {
  const { t } = useTranslation();
  return (
    <Page title={t('lending.form.pageTitle')}>
      <RequireSession>{() => <WriteInfoScreen />}</RequireSession>
    </Page>
  );
}
