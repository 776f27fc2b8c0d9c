import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PlanEditor } from '../../features/plans/plan-editor';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** The plan editor (issue 20): a new plan `?symbol=SWDA.MI`, or a change of a plan `?id=3`. */
export default function PlanEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const symbol = (params.get('symbol') ?? '').trim().toUpperCase();
  const existing = Number.isSafeInteger(id) && id > 0 ? id : null;
  return (
    <Page title={t(existing === null ? 'plans.newTitle' : 'plans.changeTitle')}>
      <RequireSession>{() => <PlanEditor symbol={symbol || null} id={existing} />}</RequireSession>
    </Page>
  );
}
