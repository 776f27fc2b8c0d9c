import { indexBankRecharge, indexRechargeCoins } from '@piazza/contract/calls/funding';
import { type ChannelKind, channelKinds } from '@piazza/contract/enums';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useWindowText } from '../../features/funding/channel-limits';
import { channelRoute } from '../../features/funding/channel-route';
import { ChoiceButton } from '../../features/funding/choice-button';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { RequireSession } from '../../shared/session/require-session';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';

function kindOf(raw: string | null): ChannelKind {
  return channelKinds.find((k) => k === raw) ?? 'bank';
}

/** The channels of one deposit kind (?kind=bank|wallet|offline|crypto), each with its limits and hours. */
export default function RechargeChannel() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const kind = kindOf(search.get('kind'));
  return (
    <Page title={t(`recharge.kind.${kind}`)}>
      <RequireSession>{() => <Channels kind={kind} />}</RequireSession>
    </Page>
  );
}

function Channels({ kind }: { kind: ChannelKind }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const windowText = useWindowText();
  const channels = useApiQuery(kind === 'crypto' ? indexRechargeCoins : indexBankRecharge, {});
  if (channels.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (channels.isError) return <LoadFailed onRetry={() => void channels.refetch()} />;
  const ofKind = channels.data.list.filter((c) => c.kind === kind);
  if (ofKind.length === 0) return <Card testId="recharge-no-channel">{t('recharge.noChannel')}</Card>;
  return (
    <>
      <p>{t('recharge.chooseChannel')}</p>
      {ofKind.map((c) => (
        <ChoiceButton
          key={c.id}
          label={c.network ? `${c.name} · ${c.network}` : c.name}
          hint={`${t('recharge.limits', {
            0: moneyText(c.minAmount, c.asset, lang),
            1: moneyText(c.maxAmount, c.asset, lang),
          })} ${c.openNow ? windowText(c.window) : t('recharge.closedNow')}`}
          onClick={() => navigate(channelRoute(c.kind, c.id))}
          testId={`recharge-channel-${c.id}`}
        />
      ))}
    </>
  );
}
