import { coinWithdrawOrder, userWithdrawOrder, userWithdrawStatus } from '@piazza/contract/calls/funding';
import { formatDateTime } from '@piazza/core/format-date';
import { formatAmount } from '@piazza/core/money';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { readAmountInput, scaleOfAmount } from './amount-input';
import { InfoRow } from './copy-row';
import styles from './funding.module.css';
import { fundingPaths } from './funding-paths';
import { groupIban } from './iban-text';
import { RecordActions, RecordPage, RecordSummary } from './record-detail';

/**
 * One withdrawal (?id=): its state as it moves (live), where it goes, the amount, the fee and what was
 * frozen, and the reason when it was rejected and refunded. A bank or e-wallet withdrawal opens at
 * bankRecordDetail, a crypto one at cryptoRecordDetail (withdrawDetailPath); both pages are this one.
 */
export function WithdrawalDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordPage title={t('withdraw.detail.title')} missingTestId="withdrawal-detail-missing">
      {(id) => <WithdrawalDetail id={id} />}
    </RecordPage>
  );
}

function WithdrawalDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  useMoneyEvents([userWithdrawStatus, userWithdrawOrder, coinWithdrawOrder]);
  const withdrawal = useApiQuery(userWithdrawStatus, { id }, { staleTime: 0 });
  if (withdrawal.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (withdrawal.isError) return <LoadFailed onRetry={() => void withdrawal.refetch()} />;
  const w = withdrawal.data;
  const scale = scaleOfAmount(w.amount);
  const total = (readAmountInput(w.amount, scale) ?? 0n) + (readAmountInput(w.fee, scale) ?? 0n);
  return (
    <>
      <Card testId="withdrawal-detail">
        <RecordSummary
          amount={w.amount}
          asset={w.asset}
          state={w.state}
          explain={t(`withdraw.detail.explain.${w.state}`)}
          reason={w.reason}
          testIdPrefix="withdrawal-detail"
        />
        <ul className={styles.rows}>
          <InfoRow label={t('funding.orderNo')} value={w.orderNo} testId="withdrawal-detail-order" />
          <InfoRow
            label={t('withdraw.detail.method')}
            value={
              w.network
                ? `${t(`withdraw.method.${w.method}`)} · ${t(`funding.network.${w.network}`)}`
                : t(`withdraw.method.${w.method}`)
            }
          />
          <InfoRow
            label={t('withdraw.detail.destination')}
            value={w.method === 'bank' ? groupIban(w.destination) : w.destination}
            testId="withdrawal-detail-destination"
          />
          {w.destinationName && (
            <InfoRow label={t('withdraw.detail.beneficiary')} value={w.destinationName} />
          )}
          <InfoRow
            label={t('withdraw.form.fee')}
            value={moneyText(w.fee, w.asset, lang)}
            testId="withdrawal-detail-fee"
          />
          <InfoRow
            label={t('withdraw.form.total')}
            value={moneyText(formatAmount(total, scale), w.asset, lang)}
            testId="withdrawal-detail-total"
          />
          <InfoRow label={t('funding.createdAt')} value={formatDateTime(w.createdAt)} />
          <InfoRow label={t('funding.updatedAt')} value={formatDateTime(w.updatedAt)} />
        </ul>
      </Card>
      <RecordActions
        recordsLabel={t('withdraw.records')}
        recordsPath={w.method === 'crypto' ? fundingPaths.withdrawCryptoRecord : fundingPaths.withdrawRecord}
        testIdPrefix="withdrawal-detail"
      />
    </>
  );
}
