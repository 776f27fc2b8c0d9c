import { indexBankRecharge } from '@piazza/contract/calls/funding';
import type { ChannelKind } from '@piazza/contract/enums';
import { Selector, Skeleton } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { RequireSession } from '../../shared/session/require-session';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { NavButton } from '../../shared/ui/nav-button';
import { Page } from '../../shared/ui/page';
import type { Channel } from './channel-limits';
import { DepositForm } from './deposit-form';
import styles from './funding.module.css';
import { fundingPaths } from './funding-paths';
import { PayTo } from './pay-to';

interface DepositChannelPageProps {
  title: string;
  /** The channel kinds this page deposits through; ?channelId= picks one, else the first. */
  kinds: readonly ChannelKind[];
}

/** Deposit through a bank, wallet or offline channel: where to pay, then what was paid and its proof. */
export function DepositChannelPage({ title, kinds }: DepositChannelPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page
      title={title}
      right={
        <NavButton
          label={t('recharge.records')}
          onClick={() => navigate(fundingPaths.bankRecord)}
          testId="deposit-records-link"
        >
          <UnorderedListOutline />
        </NavButton>
      }
    >
      <RequireSession>{() => <ChannelDeposit kinds={kinds} />}</RequireSession>
    </Page>
  );
}

function ChannelDeposit({ kinds }: { kinds: readonly ChannelKind[] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const channels = useApiQuery(indexBankRecharge, {});
  if (channels.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (channels.isError) return <LoadFailed onRetry={() => void channels.refetch()} />;
  const usable = channels.data.list.filter((c) => kinds.includes(c.kind));
  if (usable.length === 0) {
    return (
      <Card testId="deposit-no-channel">
        <p className={styles.empty}>{t('recharge.noChannel')}</p>
      </Card>
    );
  }
  const wanted = Number(search.get('channelId'));
  const channel: Channel = usable.find((c) => c.id === wanted) ?? usable[0]!;
  return (
    <>
      {usable.length > 1 && (
        <Card title={t('recharge.chooseChannel')}>
          <Selector
            columns={2}
            value={[String(channel.id)]}
            options={usable.map((c) => ({ label: c.name, value: String(c.id) }))}
            onChange={(v) => v[0] && setSearch({ channelId: v[0] }, { replace: true })}
            data-testid="deposit-channel-selector"
          />
        </Card>
      )}
      <PayTo channel={channel} />
      <DepositForm key={channel.id} channel={channel} />
    </>
  );
}
