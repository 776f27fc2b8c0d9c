import { userLoanOrderList } from '@piazza/contract/calls/lending';
import { type LoanState, loanStates } from '@piazza/contract/calls/lending-shapes';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import records from '../../shared/ui/records.module.css';
import { TabRow } from '../../shared/ui/tab-row';
import styles from './lending.module.css';
import { lendingRefreshCalls } from './lending-calls';
import { LoanCard } from './loan-card';

type Filter = 'all' | LoanState;
const filters: readonly Filter[] = ['all', ...loanStates];
const step = 10;
// The contract's page size tops out at 100; one loan is open at a time, so a list longer than that is rare.
const sizeMax = 100;

/**
 * loan/record: the investor's loans newest first, filtered by state (overdue included), each with its
 * figures, SECCI, schedule and, while it runs, repayment and withdrawal. Test ids: `loan-filter-{state}`,
 * `loan-records-empty`, `loan-records-more`, and those of each loan card.
 */
export function LoanRecords() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const [size, setSize] = useState(step);
  const list = useApiQuery(
    userLoanOrderList,
    { page: 1, size, ...(filter === 'all' ? {} : { state: filter }) },
    { staleTime: 0, placeholderData: (previous) => previous },
  );
  useMoneyEvents(lendingRefreshCalls);

  const choose = (next: Filter) => {
    setFilter(next);
    setSize(step);
  };

  return (
    <>
      <TabRow
        options={filters}
        value={filter}
        onChange={choose}
        label={(f) => (f === 'all' ? t('lending.record.all') : t(`lending.state.${f}`))}
        testId={(f) => `loan-filter-${f}`}
        classes={{ row: styles.tabs, tab: records.tab, tabOn: records.tabOn }}
      />
      {list.isPending ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <p className={listing.empty} data-testid="loan-records-empty">
          {t('lending.record.empty')}
        </p>
      ) : (
        <>
          {list.data.list.map((loan) => (
            <LoanCard key={loan.id} loan={loan} />
          ))}
          {list.data.list.length < list.data.total && size < sizeMax && (
            <Button
              block
              fill="outline"
              loading={list.isFetching}
              onClick={() => setSize((s) => Math.min(sizeMax, s + step))}
              data-testid="loan-records-more"
            >
              {t('lending.record.more')}
            </Button>
          )}
        </>
      )}
    </>
  );
}
