import { kycStatus } from '@piazza/contract/calls/kyc';
import { securityOverview } from '@piazza/contract/calls/security';
import { Button, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './funding.module.css';
import { fundingPaths } from './funding-paths';

/**
 * A withdrawal needs a verified identity and a withdrawal password (SPEC §5). Rather than letting the
 * person fill the form and be refused, say which step is missing and lead to it.
 */
export function WithdrawGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kyc = useApiQuery(kycStatus, {}, { staleTime: 0 });
  const security = useApiQuery(securityOverview, {}, { staleTime: 0 });
  if (kyc.isPending || security.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (kyc.isError || security.isError) {
    return <LoadFailed onRetry={() => void Promise.all([kyc.refetch(), security.refetch()])} />;
  }
  if (kyc.data.idStatus !== 'succ') {
    const pending = kyc.data.idStatus === 'pending';
    return (
      <Card title={t('withdraw.guard.kycTitle')} testId="withdraw-guard-kyc">
        <p className={styles.instructions}>
          {t(pending ? 'withdraw.guard.kycPending' : 'withdraw.guard.kyc')}
        </p>
        {!pending && (
          <Button
            block
            color="primary"
            onClick={() => navigate(fundingPaths.kyc)}
            data-testid="withdraw-guard-to-kyc"
          >
            {t('withdraw.guard.toKyc')}
          </Button>
        )}
      </Card>
    );
  }
  if (!security.data.withdraw.set) {
    return (
      <Card title={t('withdraw.guard.pinTitle')} testId="withdraw-guard-pin">
        <p className={styles.instructions}>{t('withdraw.guard.pin')}</p>
        <Button
          block
          color="primary"
          onClick={() => navigate(fundingPaths.withdrawPassword)}
          data-testid="withdraw-guard-to-pin"
        >
          {t('withdraw.guard.toPin')}
        </Button>
      </Card>
    );
  }
  return <>{children}</>;
}
