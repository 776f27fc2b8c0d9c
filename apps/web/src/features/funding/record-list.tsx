import type { ListOf } from '@piazza/contract/wire';
import { Button, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './funding.module.css';
import { useRecordPages } from './use-record-pages';

interface RecordListProps<T> {
  path: string;
  filter: Record<string, string | undefined>;
  fetchPage: (page: number) => Promise<ListOf<T>>;
  renderItem: (item: T) => ReactNode;
  keyOf: (item: T) => string | number;
  empty: string;
  testId: string;
}

/** Deposit or withdrawal records, newest first, twenty at a time with "more". */
export function RecordList<T>({
  path,
  filter,
  fetchPage,
  renderItem,
  keyOf,
  empty,
  testId,
}: RecordListProps<T>) {
  const { t } = useTranslation();
  const pages = useRecordPages(path, filter, fetchPage);
  if (pages.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (pages.isError) return <LoadFailed onRetry={() => void pages.refetch()} />;
  const items = pages.data.pages.flatMap((p) => p.list);
  return (
    <Card testId={testId}>
      {items.length === 0 ? (
        <p className={styles.empty} data-testid={`${testId}-empty`}>
          {empty}
        </p>
      ) : (
        <ul className={styles.rows}>
          {items.map((item) => (
            <li key={keyOf(item)} className={styles.record}>
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <Button
          block
          fill="none"
          loading={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
          data-testid={`${testId}-more`}
        >
          {t('funding.more')}
        </Button>
      )}
    </Card>
  );
}
