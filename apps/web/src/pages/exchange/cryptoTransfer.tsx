import { coinTransfer } from '@piazza/contract/calls/funding';
import { useTranslation } from 'react-i18next';
import { TransferPanel } from '../../features/exchange/transfer-panel';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

const coins = ['USDT', 'BTC', 'ETH'] as const;

/** Transfer a coin between the spot account and the contract account, no fee. */
export default function CryptoTransfer() {
  const { t } = useTranslation();
  return (
    <Page title={t('exchange.cryptoTransfer.title')}>
      <RequireSession>{() => <TransferPanel call={coinTransfer} assets={coins} />}</RequireSession>
    </Page>
  );
}
