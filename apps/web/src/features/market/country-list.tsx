import { InfiniteScroll, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCountryPages } from '../../shared/market/market-queries';
import type { SortOrder } from '../../shared/market/sort-rows';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './country-list.module.css';
import { MarketList } from './market-list';

interface CountryListProps {
  country: string;
  order: SortOrder;
  onOrderChange: (order: SortOrder) => void;
  /** False where the page already says whether this market is closed. */
  closedNote?: boolean;
  testId: string;
}

/** A country's shares, sorted by the server and loaded a page at a time as the reader scrolls. */
export function CountryList({ country, order, onOrderChange, closedNote, testId }: CountryListProps) {
  const { t } = useTranslation();
  const pages = useCountryPages(country, order);
  if (pages.isPending) return <Skeleton.Paragraph className={styles.loading} lineCount={10} animated />;
  if (pages.isError && !pages.data) return <LoadFailed onRetry={() => void pages.refetch()} />;
  const rows = pages.data.pages.flatMap((page) => page.list);
  const total = pages.data.pages[0]?.total ?? 0;
  return (
    <>
      <MarketList
        rows={rows}
        sort={{ order, onChange: onOrderChange, local: false }}
        closedNote={closedNote}
        testId={testId}
      />
      {pages.hasNextPage ? (
        <InfiniteScroll
          hasMore={pages.hasNextPage}
          loadMore={async () => {
            await pages.fetchNextPage({ throwOnError: true });
          }}
        />
      ) : (
        rows.length > 0 && <p className={styles.end}>{t('markets.list.total', { 0: total })}</p>
      )}
    </>
  );
}
