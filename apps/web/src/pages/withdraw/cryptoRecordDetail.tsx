import { coinWithdrawOrder, userWithdrawOrder, userWithdrawStatus } from '@piazza/contract/calls/funding';
import { formatDateTime } from '@piazza/core/format-date';
import { formatAmount } from '@piazza/core/money';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { readAmountInput, scaleOfAmount } from '../../features/funding/amount-input';
import { InfoRow } from '../../features/funding/copy-row';
import styles from '../../features/funding/funding.module.css';
import { fundingPaths } from '../../features/funding/funding-paths';
import { FundingStateTag } from '../../features/funding/funding-state';
import { groupIban } from '../../features/funding/iban-text';
import { moneyText } from '../../features/funding/money-text';
import { useMoneyEvents } from '../../features/funding/use-money-events';
import { useApiQuery } from '../../shared/api/use-api-query';
import { RequireSession } from '../../shared/session/require-session';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';

/**
 * One withdrawal (?id=, any method): its state as it moves (live), where it goes, the amount, the fee and
 * what was frozen, and the reason when it was rejected and refunded.
 */
export default function CryptoRecordDetail() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  return (
    <Page title={t('withdraw.detail.title')}>
      <RequireSession>
        {() =>
          Number.isSafeInteger(id) && id > 0 ? (
            <WithdrawalDetail id={id} />
          ) : (
            <Card testId="withdrawal-detail-missing">{t('funding.notFound')}</Card>
          )
        }
      </RequireSession>
    </Page>
  );
}

function WithdrawalDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
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
        <div className={styles.recordHead}>
          <span className={styles.recordAmount} data-testid="withdrawal-detail-amount">
            {moneyText(w.amount, w.asset, lang)}
          </span>
          <FundingStateTag state={w.state} testId="withdrawal-detail-state" />
        </div>
        <p className={styles.note}>{t(`withdraw.detail.explain.${w.state}`)}</p>
        {w.state === 'fail' && w.reason && (
          <p className={styles.reason} data-testid="withdrawal-detail-reason">
            {t('funding.reason', { 0: w.reason })}
          </p>
        )}
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
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          onClick={() =>
            navigate(w.method === 'crypto' ? fundingPaths.withdrawCryptoRecord : fundingPaths.withdrawRecord)
          }
          data-testid="withdrawal-detail-records"
        >
          {t('withdraw.records')}
        </Button>
        <Button block onClick={() => navigate(fundingPaths.assets)} data-testid="withdrawal-detail-assets">
          {t('funding.toAssets')}
        </Button>
      </div>
    </>
  );
}
