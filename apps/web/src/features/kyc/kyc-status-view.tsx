import type { kycStatus } from '@piazza/contract/calls/kyc';
import type { CallOutput } from '@piazza/contract/define';
import { formatDateTime } from '@piazza/core/format-date';
import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Card } from '../../shared/ui/card';
import { HniCard } from './hni-card';
import styles from './kyc.module.css';
import { ProfileCard } from './profile-card';

type Status = CallOutput<typeof kycStatus>;

/** Where the person stands: not started, under review, verified, or failed with the reason. */
export function KycStatusView({ status, onStart }: { status: Status; onStart: () => void }) {
  const { t } = useTranslation();
  const { idStatus, form, failReason, profile, hni } = status;
  const answers = form ?? (profile ? { ...profile } : {});

  return (
    <div data-testid={`kyc-status-${idStatus}`}>
      {idStatus === 'none' && (
        <Card>
          <Result status="info" title={t('kycPage.none.title')} description={t('kycPage.none.text')} />
          <Button block color="primary" size="large" onClick={onStart} data-testid="kyc-start">
            {t('kycPage.none.start')}
          </Button>
        </Card>
      )}
      {idStatus === 'pending' && (
        <Card>
          <Result
            status="waiting"
            title={<span data-testid="kyc-pending-title">{t('kycPage.pending.title')}</span>}
            description={t('kycPage.pending.text', { 0: form ? formatDateTime(form.submittedAt) : '' })}
          />
        </Card>
      )}
      {idStatus === 'succ' && (
        <Card>
          <Result
            status="success"
            title={<span data-testid="kyc-succ-title">{t('kycPage.succ.title')}</span>}
            description={t('kycPage.succ.text')}
          />
        </Card>
      )}
      {idStatus === 'fail' && (
        <Card>
          <Result
            status="error"
            title={t('kycPage.fail.title')}
            description={
              <span className={styles.reason} data-testid="kyc-fail-reason">
                {t('kycPage.fail.reason', { 0: failReason ?? '' })}
              </span>
            }
          />
          <p className={styles.muted}>{t('kycPage.fail.hint')}</p>
          <Button block color="primary" size="large" onClick={onStart} data-testid="kyc-resubmit">
            {t('kycPage.fail.resubmit')}
          </Button>
        </Card>
      )}
      {idStatus !== 'none' && <ProfileCard profile={profile} answers={answers} />}
      {idStatus === 'succ' && <HniCard hni={hni} />}
    </div>
  );
}
