import { indexBankRecharge, indexRechargeCoins } from '@piazza/contract/calls/funding';
import { type ChannelKind, channelKinds } from '@piazza/contract/enums';
import { Skeleton } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { channelRoute } from '../../features/funding/channel-route';
import { ChoiceButton } from '../../features/funding/choice-button';
import { fundingPaths } from '../../features/funding/funding-paths';
import { useApiQuery } from '../../shared/api/use-api-query';
import { RequireSession } from '../../shared/session/require-session';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { NavButton } from '../../shared/ui/nav-button';
import { Page } from '../../shared/ui/page';

/** Deposit: choose how — bank transfer, e-wallet, crypto or offline — among the kinds the operator opened. */
export default function Recharge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page
      title={t('recharge.title')}
      right={
        <NavButton
          label={t('recharge.records')}
          onClick={() => navigate(fundingPaths.rechargeRecord)}
          testId="recharge-records-link"
        >
          <UnorderedListOutline />
        </NavButton>
      }
    >
      <RequireSession>{() => <Kinds />}</RequireSession>
    </Page>
  );
}

function Kinds() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fiat = useApiQuery(indexBankRecharge, {});
  const crypto = useApiQuery(indexRechargeCoins, {});
  if (fiat.isPending || crypto.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (fiat.isError || crypto.isError) {
    return <LoadFailed onRetry={() => void Promise.all([fiat.refetch(), crypto.refetch()])} />;
  }
  const channels = [...fiat.data.list, ...crypto.data.list];
  const open = channelKinds.filter((k) => channels.some((c) => c.kind === k));
  const go = (kind: ChannelKind) => {
    const ofKind = channels.filter((c) => c.kind === kind);
    // One channel of a kind needs no second choice; coins have their own list.
    if (kind === 'crypto') navigate(fundingPaths.cryptoRecharge);
    else if (ofKind.length === 1) navigate(channelRoute(kind, ofKind[0]!.id));
    else navigate(`${fundingPaths.rechargeChannel}?kind=${kind}`);
  };
  if (open.length === 0) return <Card testId="recharge-no-channel">{t('recharge.noChannel')}</Card>;
  return (
    <>
      {open.map((kind) => (
        <ChoiceButton
          key={kind}
          label={t(`recharge.kind.${kind}`)}
          hint={t(`recharge.kindHint.${kind}`)}
          onClick={() => go(kind)}
          testId={`recharge-kind-${kind}`}
        />
      ))}
    </>
  );
}
