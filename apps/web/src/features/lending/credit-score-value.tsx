import { userCreditScore } from '@piazza/contract/calls/lending';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';

/**
 * The computed credit score in a row of the profile or security page: "72 · Qualified", or "Not yet rated"
 * (never a default), the same figure user/creditScore explains. Test id: `credit-score-value`.
 */
export function CreditScoreValue({ className }: { className?: string }) {
  const { t } = useTranslation();
  const view = useApiQuery(userCreditScore, {});
  if (!view.data) return <span className={className}>--</span>;
  const { score, band } = view.data;
  return (
    <span className={className} data-testid="credit-score-value">
      {score === null || band === null ? t('lending.score.none') : `${score} · ${t(`score.band.${band}`)}`}
    </span>
  );
}
