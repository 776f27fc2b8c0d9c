import {
  coinWithdrawOrder,
  userWithdrawOrder,
  type userWithdrawStatus,
} from '@piazza/contract/calls/funding';
import type { CallOutput } from '@piazza/contract/define';
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
import { withdrawDetailPath } from './funding-paths';
import { FundingStateTag } from './funding-state';
import { maskIban } from './iban-text';
import { RecordList } from './record-list';

export type Withdrawal = CallOutput<typeof userWithdrawStatus>;

/** The user's withdrawals, live: to bank accounts and wallets, or to crypto addresses. A row opens its detail. */
export function WithdrawalRecords({ source }: { source: 'fiat' | 'crypto' }) {
  const { t } = useTranslation();
  useMoneyEvents([userWithdrawOrder, coinWithdrawOrder]);
  const call = source === 'crypto' ? coinWithdrawOrder : userWithdrawOrder;
  return (
    <RecordList<Withdrawal>
      path={call.path}
      filter={{}}
      fetchPage={(page) => api(call, { page, size: 20 })}
      keyOf={(w) => w.id}
      renderItem={(w) => <WithdrawalRow withdrawal={w} />}
      empty={t('withdraw.record.empty')}
      testId={`withdrawal-records-${source}`}
    />
  );
}

/** Where a withdrawal goes, shortened for a row: the masked IBAN, or the end of the mobile or address. */
export function destinationText(w: Withdrawal): string {
  const tail =
    w.method === 'bank'
      ? maskIban(w.destination)
      : w.destination.length > 10
        ? `…${w.destination.slice(-6)}`
        : w.destination;
  return w.destinationName ? `${w.destinationName} ${tail}` : tail;
}

function WithdrawalRow({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.recordButton}
      onClick={() => navigate(withdrawDetailPath(w))}
      data-testid={`withdrawal-${w.orderNo}`}
    >
      <span className={styles.recordHead}>
        <span className={styles.recordAmount}>{moneyText(w.amount, w.asset, lang)}</span>
        <FundingStateTag state={w.state} testId={`withdrawal-${w.orderNo}-state`} />
      </span>
      <span className={styles.recordMeta}>
        <span>
          {t(`withdraw.method.${w.method}`)} · {destinationText(w)}
        </span>
        <span>{formatDateTime(w.createdAt)}</span>
      </span>
      {w.state === 'fail' && w.reason && (
        <span className={styles.reason} data-testid={`withdrawal-${w.orderNo}-reason`}>
          {t('funding.reason', { 0: w.reason })}
        </span>
      )}
    </button>
  );
}

/** A page of withdrawal records: its title and which withdrawals (see WithdrawalRecords). */
export function WithdrawalRecordsPage({ title, source }: { title: MessageKey; source: 'fiat' | 'crypto' }) {
  const { t } = useTranslation();
  return (
    <Page title={t(title)}>
      <RequireSession>{() => <WithdrawalRecords source={source} />}</RequireSession>
    </Page>
  );
}
