import { adminUser } from '@piazza/contract/calls/admin';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { can } from '../../shared/can';
import { useMe } from '../../shared/use-me';
import { CreditScoreCard } from './credit-score-card';

/**
 * An investor's computed credit score and the operator's adjustment, on its own page for the desks that work
 * it without the loans queue (support): /credit/{userId}. The loans queue shows the same card beside a loan.
 */
export default function CreditScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const role = useMe().data?.operator.role;
  return (
    <section aria-labelledby="credit-screen-title">
      {can(role, adminUser) && (
        <p>
          <Link to={`/users/${id}`}>← {t('credit.backToInvestor')}</Link>
        </p>
      )}
      <h1 id="credit-screen-title">{t('credit.screenTitle', { id })}</h1>
      <p className="muted">{t('credit.hint')}</p>
      <CreditScoreCard userId={id} />
    </section>
  );
}
