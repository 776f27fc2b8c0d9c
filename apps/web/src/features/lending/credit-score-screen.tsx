import { userCreditScore } from '@piazza/contract/calls/lending';
import { formatDate } from '@piazza/core/format-date';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './lending.module.css';
import { notRatedReason, pointsText } from './loan-figures';

const tone = (points: number) => (points > 0 ? styles.up : points < 0 ? styles.down : undefined);

/**
 * user/creditScore: the score computed from what the platform knows, in its band's colour, or "not yet rated"
 * with the reason; each factor with its points and the most it can give; the operator's adjustment apart,
 * each change with its reason. Test ids: `score-value`, `score-band`, `score-none`, `score-none-reason`,
 * `score-factor-{key}`, `score-factors-total`, `score-adjustment`, `score-adjustment-{n}`.
 */
export function CreditScoreScreen() {
  const { t } = useTranslation();
  const view = useApiQuery(userCreditScore, {}, { staleTime: 0 });
  if (view.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (view.isError) return <LoadFailed onRetry={() => void view.refetch()} />;
  const { score, band, factors, adjustment, adjustments } = view.data;
  const factorsTotal = factors.reduce((sum, f) => sum + f.points, 0);

  return (
    <>
      <Card>
        {score !== null && band !== null ? (
          <div className={styles.score}>
            <span className={`${styles.scoreValue} ${styles[`band-${band}`]}`} data-testid="score-value">
              {score}
            </span>
            <span className={styles[`band-${band}`]} data-testid="score-band">
              {t(`score.band.${band}`)}
            </span>
          </div>
        ) : (
          <div className={styles.score}>
            <span className={styles.big} data-testid="score-none">
              {t('lending.score.none')}
            </span>
            <p className={styles.muted} data-testid="score-none-reason">
              {t(`lending.score.noneWhy.${notRatedReason(view.data)}`)}
            </p>
          </div>
        )}
        <p className={styles.muted}>{t('score.bands')}</p>
        <p className={styles.muted}>{t('lending.score.how')}</p>
      </Card>
      <Card title={t('lending.score.factors')} testId="score-factors">
        {factors.map((f) => (
          <div key={f.key} className={styles.factor} data-testid={`score-factor-${f.key}`}>
            <span className={styles.factorText}>
              {t(`lending.score.factor.${f.key}`)}
              <small>{t(`lending.score.factorAbout.${f.key}`)}</small>
            </span>
            <span className={`${styles.points} ${tone(f.points) ?? ''}`}>
              {t(f.limit < 0 ? 'lending.score.penalty' : 'lending.score.points', {
                0: pointsText(f.points),
                1: pointsText(f.limit),
              })}
            </span>
          </div>
        ))}
        <div className={styles.factor}>
          <span className={styles.factorText}>{t('lending.score.factorsTotal')}</span>
          <span className={styles.points} data-testid="score-factors-total">
            {pointsText(factorsTotal)}
          </span>
        </div>
      </Card>
      <Card title={t('lending.score.adjustment')} testId="score-adjustment-card">
        <div className={styles.factor}>
          <span className={styles.factorText}>
            {t('lending.score.adjustmentNow')}
            <small>{t('lending.score.adjustmentAbout')}</small>
          </span>
          <span className={`${styles.points} ${tone(adjustment) ?? ''}`} data-testid="score-adjustment">
            {pointsText(adjustment)}
          </span>
        </div>
        {adjustments.length === 0 ? (
          <p className={styles.muted} data-testid="score-adjustments-empty">
            {t('lending.score.adjustmentsEmpty')}
          </p>
        ) : (
          adjustments.map((a, n) => (
            <div
              key={`${a.createdAt}-${a.adjustment}-${a.reason}`}
              className={styles.factor}
              data-testid={`score-adjustment-${n}`}
            >
              <span className={styles.factorText}>
                {a.reason}
                <small>{formatDate(a.createdAt)}</small>
              </span>
              <span className={`${styles.points} ${tone(a.adjustment) ?? ''}`}>
                {t('lending.score.setTo', { 0: pointsText(a.adjustment) })}
              </span>
            </div>
          ))
        )}
      </Card>
    </>
  );
}
