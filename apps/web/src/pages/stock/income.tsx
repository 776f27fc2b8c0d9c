import { stockOrderStatistics } from '@piazza/contract/calls/trading';
import { type StatisticsPeriod, statisticsPeriods } from '@piazza/contract/calls/trading-shapes';
import { Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FxSplitCards } from '../../features/portfolio/fx-split-cards';
import { IncomeCard } from '../../features/trading/income-card';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { RequireSession } from '../../shared/session/require-session';
import styles from '../../shared/ticket/ticket.module.css';
import { tradingCalls } from '../../shared/ticket/trading-calls';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';
import { TabRow } from '../../shared/ui/tab-row';

/** The user's trading results per currency (SPEC §2 stock/income), over all time or the last 30 days. */
export default function Income() {
  return <RequireSession>{() => <IncomePage />}</RequireSession>;
}

function IncomePage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<StatisticsPeriod>('all');
  const stats = useApiQuery(stockOrderStatistics, { period }, { staleTime: 0 });
  useMoneyEvents(tradingCalls);

  return (
    <Page title={t('income.title')} flush>
      <TabRow
        options={statisticsPeriods}
        value={period}
        onChange={setPeriod}
        label={(p) => t(`income.period.${p}`)}
        testId={(p) => `income-period-${p}`}
        classes={{ row: styles.periods, tab: styles.segment, tabOn: styles.typeOn }}
      />
      <div className={styles.list}>
        {stats.isError ? (
          <LoadFailed onRetry={() => void stats.refetch()} />
        ) : !stats.data ? (
          <Skeleton.Paragraph lineCount={8} animated />
        ) : stats.data.list.length === 0 ? (
          <p className={styles.note} data-testid="income-empty">
            {t('income.empty')}
          </p>
        ) : (
          <>
            {stats.data.list.map((line) => (
              <IncomeCard key={line.currency} line={line} />
            ))}
            <FxSplitCards />
            <p className={styles.note}>{t('income.note')}</p>
          </>
        )}
      </div>
    </Page>
  );
}
