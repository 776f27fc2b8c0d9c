import { useTranslation } from 'react-i18next';
import { Card } from '../ui/card';
import listing from '../ui/listing.module.css';
import styles from './figures.module.css';

const classes = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The summary risk indicator on its scale of seven, with what the class means in a line; `how` says where the
 * product's class comes from (its backtest, its own closes). The card's test id is `{testPrefix}-risk`.
 */
export function RiskScale({
  riskClass,
  how,
  testPrefix,
}: {
  riskClass: number;
  how: string;
  testPrefix: string;
}) {
  const { t } = useTranslation();
  const known = classes.find((c) => c === riskClass);
  return (
    <Card title={t('figures.risk.title', { 0: riskClass })} testId={`${testPrefix}-risk`}>
      <div className={styles.scale} role="img" aria-label={t('figures.sri', { 0: riskClass })}>
        {classes.map((c) => (
          <span key={c} className={c === riskClass ? styles.stepOn : styles.step}>
            {c}
          </span>
        ))}
      </div>
      <div className={styles.scaleEnds}>
        <span>{t('figures.risk.lower')}</span>
        <span>{t('figures.risk.higher')}</span>
      </div>
      {known && (
        <p className={styles.riskLine} data-testid={`${testPrefix}-risk-line`}>
          {t(`figures.risk.${known}`)}
        </p>
      )}
      <p className={listing.note}>{how}</p>
    </Card>
  );
}
