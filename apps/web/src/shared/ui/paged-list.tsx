import { pageSizeMax } from '@piazza/contract/wire';
import { Button, Skeleton } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import listing from './listing.module.css';
import { LoadFailed } from './load-failed';

const pageStep = 20;

/** The filter chosen over a list read page by page, and how many rows to read (back to one page on a new filter). */
export function usePagedFilter<F extends string>(first: F) {
  const [filter, setFilter] = useState<F>(first);
  const [size, setSize] = useState(pageStep);
  const choose = (next: F) => {
    setFilter(next);
    setSize(pageStep);
  };
  const more = () => setSize((n) => Math.min(n + pageStep, pageSizeMax));
  return { filter, size, choose, more };
}

/**
 * A list read page by page (a product's subscriptions, a fund's followings): a retry when the read failed, a
 * wait while it runs, `empty` in `emptyTestId` when there is nothing, else the rows and "more" while the
 * server holds more than was read.
 */
export function PagedList<R>({
  query,
  size,
  onMore,
  moreLabel,
  empty,
  emptyTestId,
  row,
}: {
  query: { isError: boolean; data?: { list: R[]; total: number } | undefined; refetch: () => unknown };
  size: number;
  onMore: () => void;
  moreLabel: string;
  empty: ReactNode;
  emptyTestId: string;
  row: (item: R) => ReactNode;
}) {
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton.Paragraph lineCount={8} animated />;
  if (query.data.list.length === 0) {
    return (
      <div className={listing.empty} data-testid={emptyTestId}>
        {empty}
      </div>
    );
  }
  return (
    <>
      {query.data.list.map(row)}
      {query.data.total > query.data.list.length && size < pageSizeMax && (
        <Button block onClick={onMore}>
          {moreLabel}
        </Button>
      )}
    </>
  );
}
