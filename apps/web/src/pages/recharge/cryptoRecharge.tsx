import { indexRechargeCoins } from '@piazza/contract/calls/funding';
import { Skeleton } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { channelRoute } from '../../features/funding/channel-route';
import { ChoiceButton } from '../../features/funding/choice-button';
import { fundingPaths } from '../../features/funding/funding-paths';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { RequireSession } from '../../shared/session/require-session';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { NavButton } from '../../shared/ui/nav-button';
import { Page } from '../../shared/ui/page';

/** Deposit crypto: choose the coin and its network; each leads to the user's own address for it. */
export default function CryptoRecharge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page
      title={t('recharge.crypto.title')}
      right={
        <NavButton
          label={t('recharge.records')}
          onClick={() => navigate(fundingPaths.cryptoRecord)}
          testId="crypto-records-link"
        >
          <UnorderedListOutline />
        </NavButton>
      }
    >
      <RequireSession>{() => <Coins />}</RequireSession>
    </Page>
  );
}

function Coins() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const coins = useApiQuery(indexRechargeCoins, {});
  if (coins.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (coins.isError) return <LoadFailed onRetry={() => void coins.refetch()} />;
  if (coins.data.list.length === 0)
    return <Card testId="recharge-no-channel">{t('recharge.noChannel')}</Card>;
  return (
    <>
      {coins.data.list.map((c) => (
        <ChoiceButton
          key={c.id}
          label={`${c.asset} · ${c.network ?? ''}`}
          hint={t('recharge.minimum', { 0: moneyText(c.minAmount, c.asset, lang) })}
          onClick={() => navigate(channelRoute('crypto', c.id))}
          testId={`crypto-channel-${c.asset}-${c.network}`}
        />
      ))}
    </>
  );
}
