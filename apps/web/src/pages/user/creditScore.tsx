import { useTranslation } from 'react-i18next';
import { CreditScoreScreen } from '../../features/lending/credit-score-screen';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** The credit score computed from what the platform knows, its factors, and the operator's adjustment apart. */
export default function CreditScore() {
  const { t } = useTranslation();
  return (
    <Page title={t('score.title')}>
      <RequireSession>{() => <CreditScoreScreen />}</RequireSession>
    </Page>
  );
}
