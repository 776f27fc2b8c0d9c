import { useTranslation } from 'react-i18next';
import { BillList } from '../../features/bills/bill-list';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** Funds detail: every bill of every account and asset, by type and period. */
export default function FundsDetail() {
  const { t } = useTranslation();
  return (
    <Page title={t('bills.title')}>
      <RequireSession>{() => <BillList />}</RequireSession>
    </Page>
  );
}
