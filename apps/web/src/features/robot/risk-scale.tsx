import { useTranslation } from 'react-i18next';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import styles from './robot.module.css';

const classes = [1, 2, 3, 4, 5, 6, 7] as const;

/** The summary risk indicator on its scale of seven, with what the class means in a line. */
export function RiskScale({ riskClass }: { riskClass: number }) {
  const { t } = useTranslation();
  const known = classes.find((c) => c === riskClass);
  return (
    <Card title={t('robot.risk.title', { 0: riskClass })} testId="robot-risk">
      <div className={styles.scale} role="img" aria-label={t('robot.sri', { 0: riskClass })}>
        {classes.map((c) => (
          <span key={c} className={c === riskClass ? styles.stepOn : styles.step}>
            {c}
          </span>
        ))}
      </div>
      <div className={styles.scaleEnds}>
        <span>{t('robot.risk.lower')}</span>
        <span>{t('robot.risk.higher')}</span>
      </div>
      {known && (
        <p className={styles.riskLine} data-testid="robot-risk-line">
          {t(`robot.risk.${known}`)}
        </p>
      )}
      <p className={listing.note}>{t('robot.risk.how')}</p>
    </Card>
  );
}
