import { userLoan } from '@piazza/contract/calls/lending';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './lending.module.css';
import { rateText } from './loan-figures';

/** loan/loanRate: the operator's rate table, "loans up to N days carry TAN r". Test ids `rate-{days}`. */
export function RateTable() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const terms = useApiQuery(userLoan, {});
  if (terms.isPending) return <Skeleton.Paragraph lineCount={5} animated />;
  if (terms.isError) return <LoadFailed onRetry={() => void terms.refetch()} />;
  const rates = [...terms.data.rates].sort((a, b) => a.days - b.days);
  const figures: Figure[] = rates.map((r) => [
    t('lending.rates.upTo', { 0: r.days }),
    rateText(r.rate, lang),
    `rate-${r.days}`,
  ]);
  return (
    <Card title={t('lending.rates.heading')} testId="loan-rates">
      {rates.length === 0 ? (
        <p className={styles.muted} data-testid="loan-rates-empty">
          {t('lending.rates.empty')}
        </p>
      ) : (
        <FigureList figures={figures} />
      )}
      <p className={styles.muted}>{t('lending.rates.how')}</p>
    </Card>
  );
}
