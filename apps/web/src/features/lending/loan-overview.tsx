import { userLoan } from '@piazza/contract/calls/lending';
import { translate } from '@piazza/contract/messages/catalogue';
import { Button, List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './lending.module.css';
import { lendingPaths, lendingRefreshCalls } from './lending-calls';
import { LoanCard } from './loan-card';
import { rateText } from './loan-figures';

/**
 * user/loan: the limit the operator set and the longest term, the open loan with what is owed today and its
 * repayment or withdrawal, the way to apply (or why not now), and the records, rates, terms and score.
 * Test ids: `loan-limit`, `loan-max-days`, `loan-apply`, `loan-apply-blocked`, `loan-none`, `loan-link-{to}`.
 */
export function LoanOverview() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const terms = useApiQuery(userLoan, {}, { staleTime: 0 });
  useMoneyEvents(lendingRefreshCalls);

  if (terms.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (terms.isError) return <LoadFailed onRetry={() => void terms.refetch()} />;
  const { limit, maxDays, rates, open, currency } = terms.data;
  const noLimit = Number(limit) <= 0;
  const blocked = open
    ? t('lending.overview.openBlocks')
    : noLimit
      ? translate(lang, 'loan.noLimit')
      : rates.length === 0
        ? translate(lang, 'loan.noRates')
        : null;
  const lowest = rates.reduce<string | null>(
    (low, r) => (low === null || Number(r.rate) < Number(low) ? r.rate : low),
    null,
  );
  const figures: Figure[] = [
    [t('lending.overview.limit'), moneyText(limit, currency, lang), 'loan-limit'],
    [t('lending.overview.maxDays'), t('lending.days', { count: maxDays, 0: maxDays }), 'loan-max-days'],
  ];
  if (lowest !== null)
    figures.push([t('lending.overview.fromRate'), rateText(lowest, lang), 'loan-from-rate']);

  const links = [
    { key: 'record', to: lendingPaths.record, label: t('lending.record.title') },
    { key: 'rates', to: lendingPaths.rates, label: t('lending.rates.title') },
    { key: 'terms', to: lendingPaths.terms, label: t('lending.terms') },
    { key: 'score', to: lendingPaths.creditScore, label: t('score.title') },
  ];

  return (
    <>
      <Card title={t('lending.overview.credit')} testId="loan-credit">
        <FigureList figures={figures} />
        <p className={styles.muted}>{t('lending.overview.about')}</p>
        {blocked && (
          <p className={styles.muted} data-testid="loan-apply-blocked">
            {blocked}
          </p>
        )}
        <div className={styles.actions}>
          <Button
            block
            color="primary"
            disabled={blocked !== null}
            onClick={() => navigate(lendingPaths.writeInfo)}
            data-testid="loan-apply"
          >
            {t('lending.overview.apply')}
          </Button>
        </div>
      </Card>
      {open ? (
        <LoanCard loan={open} />
      ) : (
        <Card>
          <p className={styles.muted} data-testid="loan-none">
            {t('lending.overview.none')}
          </p>
        </Card>
      )}
      <List className={styles.links}>
        {links.map((l) => (
          <List.Item key={l.key} onClick={() => navigate(l.to)} data-testid={`loan-link-${l.key}`}>
            {l.label}
          </List.Item>
        ))}
      </List>
    </>
  );
}
