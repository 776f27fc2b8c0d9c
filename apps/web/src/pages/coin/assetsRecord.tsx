import { coinAssets } from '@piazza/contract/calls/coin';
import { useTranslation } from 'react-i18next';
import { BillList } from '../../features/bills/bill-list';
import { CoinAssetsCard } from '../../features/coin/coin-assets-card';
import { useApiQuery } from '../../shared/api/use-api-query';
import { RequireSession } from '../../shared/session/require-session';
import { Card } from '../../shared/ui/card';
import { Page } from '../../shared/ui/page';

/** The coins every investor may have (funding's list), before /coin/assets names the ones held. */
const usualCoins = ['USDT', 'BTC', 'ETH'];

/** The user's coins valued in USDT (/coin/assets), and the ledger records of each, as funds detail lists them. */
export default function AssetsRecord() {
  const { t } = useTranslation();
  return (
    <Page title={t('coinAssets.title')}>
      <RequireSession>{() => <AssetsRecordPage />}</RequireSession>
    </Page>
  );
}

function AssetsRecordPage() {
  const { t } = useTranslation();
  const assets = useApiQuery(coinAssets, {}, { staleTime: 0 });
  const held = assets.data?.list.map((c) => c.coin) ?? [];
  const coins = [...new Set([...usualCoins, ...held])];
  return (
    <>
      <CoinAssetsCard />
      <Card title={t('coinAssets.records')} testId="coin-records">
        <BillList key={coins.join()} assets={coins} />
      </Card>
    </>
  );
}
