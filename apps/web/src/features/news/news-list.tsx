import { indexNews } from '@piazza/contract/calls/content-news';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { PagedList, usePagedFilter } from '../../shared/ui/paged-list';
import { NewsItem } from './news-item';
import { useReadNews } from './read-news';

/** The published articles, newest first, read page by page; those opened on this device look read. */
export function NewsList() {
  const { t } = useTranslation();
  const { size, more } = usePagedFilter('all');
  const news = useApiQuery(indexNews, { page: 1, size });
  const read = useReadNews();
  return (
    <div data-testid="news-list">
      <PagedList
        query={news}
        size={size}
        onMore={more}
        moreLabel={t('news.more')}
        empty={t('news.empty')}
        emptyTestId="news-empty"
        row={(item) => <NewsItem key={item.id} item={item} read={read.has(item.id)} />}
      />
    </div>
  );
}
