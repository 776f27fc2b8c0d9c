import { coinRechargeOrder, userRechargeOrder, userRechargeStatus } from '@piazza/contract/calls/funding';
import { formatDateTime } from '@piazza/core/format-date';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { InfoRow } from '../../features/funding/copy-row';
import styles from '../../features/funding/funding.module.css';
import { fundingPaths } from '../../features/funding/funding-paths';
import { FundingStateTag } from '../../features/funding/funding-state';
import { moneyText } from '../../features/funding/money-text';
import { useMoneyEvents } from '../../features/funding/use-money-events';
import { useApiQuery } from '../../shared/api/use-api-query';
import { RequireSession } from '../../shared/session/require-session';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';

/** One deposit (?id=): its state as it moves (live), what was reported, and a failure's reason. */
export default function RechargeCheck() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  return (
    <Page title={t('recharge.check.title')}>
      <RequireSession>
        {() =>
          Number.isSafeInteger(id) && id > 0 ? (
            <DepositDetail id={id} />
          ) : (
            <Card testId="deposit-detail-missing">{t('funding.notFound')}</Card>
          )
        }
      </RequireSession>
    </Page>
  );
}

function DepositDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  useMoneyEvents([userRechargeStatus, userRechargeOrder, coinRechargeOrder]);
  const deposit = useApiQuery(userRechargeStatus, { id }, { staleTime: 0 });
  if (deposit.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (deposit.isError) return <LoadFailed onRetry={() => void deposit.refetch()} />;
  const d = deposit.data;
  return (
    <>
      <Card testId="deposit-detail">
        <div className={styles.recordHead}>
          <span className={styles.recordAmount} data-testid="deposit-detail-amount">
            {moneyText(d.amount, d.asset, lang)}
          </span>
          <FundingStateTag state={d.state} testId="deposit-detail-state" />
        </div>
        <p className={styles.note}>{t(`recharge.check.explain.${d.state}`)}</p>
        {d.state === 'fail' && d.reason && (
          <p className={styles.reason} data-testid="deposit-detail-reason">
            {t('funding.reason', { 0: d.reason })}
          </p>
        )}
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
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          onClick={() => navigate(d.kind === 'crypto' ? fundingPaths.cryptoRecord : fundingPaths.bankRecord)}
          data-testid="deposit-detail-records"
        >
          {t('recharge.records')}
        </Button>
        <Button block onClick={() => navigate(fundingPaths.assets)} data-testid="deposit-detail-assets">
          {t('funding.toAssets')}
        </Button>
      </div>
    </>
  );
}
