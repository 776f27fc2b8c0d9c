import { userTransfer } from '@piazza/contract/calls/funding';
import { useTranslation } from 'react-i18next';
import { TransferPanel } from '../../features/exchange/transfer-panel';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

const currencies = ['EUR', 'USD'] as const;

/** Transfer a currency between the currency account and the contract account, no fee. */
export default function StockTransfer() {
  const { t } = useTranslation();
  return (
    <Page title={t('exchange.transfer.title')}>
      <RequireSession>{() => <TransferPanel call={userTransfer} assets={currencies} />}</RequireSession>
    </Page>
  );
}
