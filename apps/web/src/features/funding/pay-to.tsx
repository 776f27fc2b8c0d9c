import { userRechargeBankRequestInfo } from '@piazza/contract/calls/funding';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { type Channel, ChannelLimits } from './channel-limits';
import { CopyRow } from './copy-row';
import styles from './funding.module.css';
import { groupIban } from './iban-text';

/**
 * Where to pay before submitting a deposit: a bank channel's beneficiary with this user's own payment
 * reference (each value with Copy, since a typo sends money astray), or the operator's instructions for a
 * wallet or offline channel.
 */
export function PayTo({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  return (
    <Card title={t('recharge.payTo.title')} testId="pay-to">
      {channel.kind === 'bank' ? (
        <BankBeneficiary channelId={channel.id} />
      ) : (
        <p className={styles.instructions} data-testid="pay-to-instructions">
          {channel.instructions ?? t('recharge.payTo.noInstructions')}
        </p>
      )}
      <ChannelLimits channel={channel} />
    </Card>
  );
}

function BankBeneficiary({ channelId }: { channelId: number }) {
  const { t } = useTranslation();
  const info = useApiQuery(userRechargeBankRequestInfo, { channelId });
  if (info.isPending) return <Skeleton.Paragraph lineCount={5} animated />;
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} />;
  const { bank } = info.data;
  return (
    <>
      <ul className={styles.rows}>
        <CopyRow
          label={t('recharge.payTo.beneficiary')}
          value={bank.beneficiary}
          testId="pay-to-beneficiary"
        />
        <CopyRow
          label={t('recharge.payTo.iban')}
          value={bank.iban}
          shown={groupIban(bank.iban)}
          testId="pay-to-iban"
        />
        {bank.bic && <CopyRow label={t('recharge.payTo.bic')} value={bank.bic} testId="pay-to-bic" />}
        <CopyRow label={t('recharge.payTo.bank')} value={bank.bankName} testId="pay-to-bank" />
        <CopyRow label={t('recharge.payTo.reference')} value={bank.reference} testId="pay-to-reference" />
      </ul>
      <p className={styles.warning}>{t('recharge.payTo.referenceNote')}</p>
    </>
  );
}
