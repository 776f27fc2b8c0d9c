import { useTranslation } from 'react-i18next';
import { BillList } from '../../features/bills/bill-list';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

const currencies = ['EUR', 'USD'] as const;

/** Funding details (drawer): the bills of the currencies, EUR first, by type and period. */
export default function StockFundsDetail() {
  const { t } = useTranslation();
  return (
    <Page title={t('bills.stockTitle')}>
      <RequireSession>{() => <BillList assets={currencies} />}</RequireSession>
    </Page>
  );
}
