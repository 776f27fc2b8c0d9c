import { userVipGet, userVipInfo } from '@piazza/contract/calls/vip';
import { translate } from '@piazza/contract/messages/catalogue';
import { formatDate } from '@piazza/core/format-date';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { ApiRefusal } from '../../shared/api/failures';
import { useApiQuery } from '../../shared/api/use-api-query';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './vip.module.css';
import { vipRefreshCalls } from './vip-calls';
import { VipNotes } from './vip-notes';
import { notesAccess, offersTrial } from './vip-offer';
import { VipPlans } from './vip-plans';

/**
 * stock/vip: the membership's state and end; the free trial while it can be claimed; the plans with their
 * price and a confirmed purchase (an expired member is prompted to buy); the notes for entitled members, else
 * why not. Test ids: `vip-state`, `vip-ends`, `vip-expired`, `vip-trial`, `vip-trial-refusal`, `vip-notes`,
 * `vip-notes-locked`, and those of the plans and notes.
 */
export function VipScreen() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const info = useApiQuery(userVipInfo, {}, { staleTime: 0 });
  const [claiming, setClaiming] = useState(false);
  const [trialRefusal, setTrialRefusal] = useState<string | null>(null);

  if (info.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} />;
  const status = info.data;
  const access = notesAccess(status);

  const claim = async () => {
    setClaiming(true);
    setTrialRefusal(null);
    try {
      await api(userVipGet, {});
      Toast.show({ content: t('vipPage.trialClaimed') });
    } catch (err) {
      if (err instanceof ApiRefusal) setTrialRefusal(err.msg);
    } finally {
      setClaiming(false);
      for (const call of vipRefreshCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
    }
  };

  return (
    <>
      <Card testId="vip-status">
        <p
          className={`${styles.state} ${status.state === 'active' ? styles.active : status.state === 'expired' ? styles.expired : ''}`}
          data-testid="vip-state"
        >
          {status.state === 'active'
            ? t(status.kind === 'trial' ? 'vipPage.state.trial' : 'vipPage.state.active')
            : t(`vipPage.state.${status.state}`)}
        </p>
        {status.endsAt !== null && (
          <p className={styles.muted} data-testid="vip-ends">
            {t(status.state === 'active' ? 'vipPage.endsAt' : 'vipPage.endedAt', {
              0: formatDate(status.endsAt),
            })}
          </p>
        )}
        {status.state === 'expired' && (
          <p className={styles.error} data-testid="vip-expired">
            {translate(lang, 'vip.expired')}
          </p>
        )}
        <p className={styles.muted}>{t('vipPage.about')}</p>
      </Card>
      {offersTrial(status) && (
        <Card title={t('vipPage.trialTitle')} testId="vip-trial-card">
          <p className={styles.muted}>{t('vipPage.trialText', { 0: status.trialDays })}</p>
          {trialRefusal && (
            <p className={styles.error} role="alert" data-testid="vip-trial-refusal">
              {trialRefusal}
            </p>
          )}
          <div className={styles.actions}>
            <Button
              block
              color="primary"
              loading={claiming}
              onClick={() => void claim()}
              data-testid="vip-trial"
            >
              {t('vipPage.trialClaim', { 0: status.trialDays })}
            </Button>
          </div>
        </Card>
      )}
      {status.prompt === 'purchase' && (
        <p className={styles.muted} data-testid="vip-purchase-prompt">
          {t(status.state === 'expired' ? 'vipPage.promptExpired' : 'vipPage.promptBuy')}
        </p>
      )}
      <VipPlans status={status} />
      <Card title={t('vipPage.notes')} testId="vip-notes">
        {access.open ? (
          <VipNotes />
        ) : (
          <p className={styles.muted} data-testid="vip-notes-locked">
            {translate(lang, access.reason)}
          </p>
        )}
      </Card>
    </>
  );
}
