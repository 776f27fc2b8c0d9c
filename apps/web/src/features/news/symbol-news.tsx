import { indexNews } from '@piazza/contract/calls/content-news';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import styles from './news.module.css';
import { NewsItem } from './news-item';
import { useReadNews } from './read-news';

/** The latest articles about one instrument, under its K-line; nothing at all when there are none. */
export function SymbolNews({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const news = useApiQuery(indexNews, { symbol, page: 1, size: 3 });
  const read = useReadNews();
  if (!news.data || news.data.list.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="symbol-news-title" data-testid="symbol-news">
      <h2 id="symbol-news-title" className={styles.sectionTitle}>
        {t('news.aboutSymbol', { 0: symbol })}
      </h2>
      {news.data.list.map((item) => (
        <NewsItem key={item.id} item={item} read={read.has(item.id)} />
      ))}
    </section>
  );
}
