import { useTranslation } from 'react-i18next';
import { RateTable } from '../../features/lending/rate-table';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** The loans' rate table (SPEC §2 `loan/loanRate`). */
export default function LoanRate() {
  const { t } = useTranslation();
  return (
    <Page title={t('lending.rates.title')}>
      <RequireSession>{() => <RateTable />}</RequireSession>
    </Page>
  );
}
