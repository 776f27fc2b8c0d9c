import { useTranslation } from 'react-i18next';
import { LoanRecords } from '../../features/lending/loan-records';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** The investor's loans (SPEC §2 `loan/record`), by state, with repayment and withdrawal while one runs. */
export default function Record() {
  const { t } = useTranslation();
  return (
    <Page title={t('lending.record.title')}>
      <RequireSession>{() => <LoanRecords />}</RequireSession>
    </Page>
  );
}
