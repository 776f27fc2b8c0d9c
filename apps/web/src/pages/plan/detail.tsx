import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PlanHistory } from '../../features/plans/plan-history';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** One savings plan and its history (issue 20): `?id=3`. */
export default function PlanDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <Page title={t('plans.detailTitle')}>
      {Number.isSafeInteger(id) && id > 0 ? (
        <RequireSession>{() => <PlanHistory id={id} />}</RequireSession>
      ) : (
        <p role="alert">{t('plans.notFound')}</p>
      )}
    </Page>
  );
}
