import { useTranslation } from 'react-i18next';
import { BillList } from '../../features/bills/bill-list';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

const coins = ['USDT', 'BTC', 'ETH'] as const;

/** Crypto funds detail: the bills of the coins, USDT first, by type and period. */
export default function CryptoFundsDetail() {
  const { t } = useTranslation();
  return (
    <Page title={t('bills.cryptoTitle')}>
      <RequireSession>{() => <BillList assets={coins} />}</RequireSession>
    </Page>
  );
}
