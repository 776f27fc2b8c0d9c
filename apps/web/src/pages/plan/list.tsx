import { useTranslation } from 'react-i18next';
import { PlanList } from '../../features/plans/plan-list';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** The investor's savings plans (issue 20); a new one starts from an ETF (the ETF list) or a share. */
export default function PlanListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('plans.title')}>
      <RequireSession>{() => <PlanList newPlanFrom="/pages/etf/list" />}</RequireSession>
    </Page>
  );
}
