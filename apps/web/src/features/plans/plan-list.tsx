import { userPlanList } from '@piazza/contract/calls/plans';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { PlanCard } from './plan-card';
import styles from './plans.module.css';

/**
 * plan/list: the investor's savings plans, newest first; a new plan starts from an ETF or share (the ETF list).
 * Test ids: `plans-empty`, `plans-new`.
 */
export function PlanList({ newPlanFrom }: { newPlanFrom: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useApiQuery(userPlanList, { page: 1, size: 100 }, { staleTime: 0 });
  return (
    <>
      <p className={styles.muted}>{t('plans.intro')}</p>
      {list.isPending ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <p className={listing.empty} data-testid="plans-empty">
          {t('plans.empty')}
        </p>
      ) : (
        list.data.list.map((plan) => <PlanCard key={plan.id} plan={plan} />)
      )}
      <Button block color="primary" onClick={() => navigate(newPlanFrom)} data-testid="plans-new">
        {t('plans.new')}
      </Button>
    </>
  );
}
