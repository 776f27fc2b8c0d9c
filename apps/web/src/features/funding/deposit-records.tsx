import {
  coinRechargeOrder,
  userRechargeOrder,
  type userRechargeStatus,
} from '@piazza/contract/calls/funding';
import type { CallOutput } from '@piazza/contract/define';
import type { ChannelKind } from '@piazza/contract/enums';
import { formatDateTime } from '@piazza/core/format-date';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MessageKey } from '../../i18n/it-IT';
import { api } from '../../shared/api/api';
import { moneyText } from '../../shared/money/money-text';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { RequireSession } from '../../shared/session/require-session';
import { usePersisted } from '../../shared/storage/persisted';
import { Page } from '../../shared/ui/page';
import styles from './funding.module.css';
import { fundingPaths } from './funding-paths';
import { FundingStateTag } from './funding-state';
import { RecordList } from './record-list';

export type Deposit = CallOutput<typeof userRechargeStatus>;

/**
 * The user's deposits, live: bank, wallet and offline ones (or one kind), or the crypto ones. A row opens
 * the deposit's own page, where the receipt, the UTR and a failure's reason are shown in full.
 */
export function DepositRecords({ source, kind }: { source: 'fiat' | 'crypto'; kind?: ChannelKind }) {
  const { t } = useTranslation();
  useMoneyEvents([userRechargeOrder, coinRechargeOrder]);
  const call = source === 'crypto' ? coinRechargeOrder : userRechargeOrder;
  const fetchPage = (page: number) =>
    source === 'crypto'
      ? api(coinRechargeOrder, { page, size: 20 })
      : api(userRechargeOrder, { page, size: 20, kind });
  return (
    <RecordList<Deposit>
      path={call.path}
      filter={{ kind }}
      fetchPage={fetchPage}
      keyOf={(d) => d.id}
      renderItem={(d) => <DepositRow deposit={d} />}
      empty={t('recharge.record.empty')}
      testId={`deposit-records-${source}`}
    />
  );
}

function DepositRow({ deposit: d }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.recordButton}
      onClick={() => navigate(`${fundingPaths.rechargeCheck}?id=${d.id}`)}
      data-testid={`deposit-${d.orderNo}`}
    >
      <span className={styles.recordHead}>
        <span className={styles.recordAmount}>{moneyText(d.amount, d.asset, lang)}</span>
        <FundingStateTag state={d.state} testId={`deposit-${d.orderNo}-state`} />
      </span>
      <span className={styles.recordMeta}>
        <span>{d.network ? `${d.channelName} · ${d.network}` : d.channelName}</span>
        <span>{formatDateTime(d.createdAt)}</span>
      </span>
      {d.state === 'fail' && d.reason && (
        <span className={styles.reason} data-testid={`deposit-${d.orderNo}-reason`}>
          {t('funding.reason', { 0: d.reason })}
        </span>
      )}
    </button>
  );
}

/** A page of deposit records: its title and which deposits (see DepositRecords). */
export function DepositRecordsPage({ title, source }: { title: MessageKey; source: 'fiat' | 'crypto' }) {
  const { t } = useTranslation();
  return (
    <Page title={t(title)}>
      <RequireSession>{() => <DepositRecords source={source} />}</RequireSession>
    </Page>
  );
}
