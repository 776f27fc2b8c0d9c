import { useTranslation } from 'react-i18next';
import { LoanOverview } from '../../features/lending/loan-overview';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** Loans (SPEC §2 `user/loan`): the limit, the open loan with what is owed today, and the way to apply. */
export default function Loan() {
  const { t } = useTranslation();
  return (
    <Page title={t('lending.title')}>
      <RequireSession>{() => <LoanOverview />}</RequireSession>
    </Page>
  );
}
