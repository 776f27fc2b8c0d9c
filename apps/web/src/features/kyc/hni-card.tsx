import { hniApply, kycStatus } from '@piazza/contract/calls/kyc';
import type { CallOutput } from '@piazza/contract/define';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { Card } from '../../shared/ui/card';
import styles from './kyc.module.css';

type Hni = CallOutput<typeof kycStatus>['hni'];

/** The HNI account: its state, and the application once identity is verified (an operator decides). */
export function HniCard({ hni }: { hni: Hni }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const canApply = hni.status === 'none' || hni.status === 'rejected';

  const apply = async () => {
    setSending(true);
    try {
      await api(hniApply, {});
      Toast.show({ content: t('kycPage.hni.applied') });
      await queryClient.invalidateQueries({ queryKey: [kycStatus.path] });
    } catch {
      // Shown by the wrapper.
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title={t('kycPage.hni.title')} testId="kyc-hni">
      <p className={styles.muted}>{t('kycPage.hni.text')}</p>
      <p data-testid="kyc-hni-status">{t(`kycPage.hni.${hni.status}`)}</p>
      {hni.status === 'rejected' && hni.reason && (
        <p className={styles.muted}>{t('kycPage.hni.reason', { 0: hni.reason })}</p>
      )}
      {canApply && (
        <Button
          block
          color="primary"
          fill="outline"
          loading={sending}
          onClick={apply}
          data-testid="kyc-hni-apply"
        >
          {t('kycPage.hni.apply')}
        </Button>
      )}
    </Card>
  );
}
