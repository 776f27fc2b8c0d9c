import { coinRechargeOrder, userRechargeOrder, userRechargeStatus } from '@piazza/contract/calls/funding';
import { formatDateTime } from '@piazza/core/format-date';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { InfoRow } from '../../features/funding/copy-row';
import styles from '../../features/funding/funding.module.css';
import { fundingPaths } from '../../features/funding/funding-paths';
import { RecordActions, RecordPage, RecordSummary } from '../../features/funding/record-detail';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';

/** One deposit (?id=): its state as it moves (live), what was reported, and a failure's reason. */
export default function RechargeCheck() {
  const { t } = useTranslation();
  return (
    <RecordPage title={t('recharge.check.title')} missingTestId="deposit-detail-missing">
      {(id) => <DepositDetail id={id} />}
    </RecordPage>
  );
}

function DepositDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  useMoneyEvents([userRechargeStatus, userRechargeOrder, coinRechargeOrder]);
  const deposit = useApiQuery(userRechargeStatus, { id }, { staleTime: 0 });
  if (deposit.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (deposit.isError) return <LoadFailed onRetry={() => void deposit.refetch()} />;
  const d = deposit.data;
  return (
    <>
      <Card testId="deposit-detail">
        <RecordSummary
          amount={d.amount}
          asset={d.asset}
          state={d.state}
          explain={t(`recharge.check.explain.${d.state}`)}
          reason={d.reason}
          testIdPrefix="deposit-detail"
        />
        <ul className={styles.rows}>
          <InfoRow label={t('funding.orderNo')} value={d.orderNo} testId="deposit-detail-order" />
          <InfoRow
            label={t('recharge.check.channel')}
            value={d.network ? `${d.channelName} · ${d.network}` : d.channelName}
          />
          {d.utr && (
            <InfoRow
              label={t(
                d.kind === 'crypto'
                  ? 'recharge.coin.txHash'
                  : d.kind === 'bank'
                    ? 'recharge.form.utr'
                    : 'recharge.form.reference',
              )}
              value={d.utr}
            />
          )}
          {d.receiptId && (
            <InfoRow label={t('recharge.form.receipt')} value={t('recharge.check.receiptAttached')} />
          )}
          <InfoRow label={t('funding.createdAt')} value={formatDateTime(d.createdAt)} />
          <InfoRow label={t('funding.updatedAt')} value={formatDateTime(d.updatedAt)} />
        </ul>
      </Card>
      <RecordActions
        recordsLabel={t('recharge.records')}
        recordsPath={d.kind === 'crypto' ? fundingPaths.cryptoRecord : fundingPaths.bankRecord}
        testIdPrefix="deposit-detail"
      />
    </>
  );
}
