import { indexNewsInfo } from '@piazza/contract/calls/content-news';
import { formatDateTime } from '@piazza/core/format-date';
import { Skeleton } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './news.module.css';
import { newsPaths } from './news-paths';
import { markRead } from './read-news';

/**
 * One article: cover, title, date, the body and its related symbols, each leading to its K-line. The body is
 * HTML the server sanitised when it was stored (no script, no handler, no frame), so it is rendered as is.
 */
export function NewsArticle({ id }: { id: number }) {
  const { t } = useTranslation();
  const article = useApiQuery(indexNewsInfo, { id }, { enabled: id > 0, retry: false });
  useEffect(() => {
    if (article.data) markRead(article.data.id);
  }, [article.data]);

  if (!(id > 0) || article.isError) return <LoadFailed onRetry={() => void article.refetch()} />;
  if (!article.data)
    return (
      <div className={styles.article}>
        <Skeleton className={styles.cover} animated />
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  const a = article.data;
  return (
    <article className={styles.article} data-testid="news-article">
      {a.cover && <img className={styles.cover} src={a.cover} alt="" data-testid="news-cover" />}
      <h2 className={styles.headline} data-testid="news-title">
        {a.title}
      </h2>
      <p className={styles.meta}>
        {formatDateTime(a.publishedAt)}
        {a.source ? ` · ${a.source}` : ''}
      </p>
      {/* Sanitised by the server (modules/content/rich-text.ts) before it was stored. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: see above */}
      <div className={styles.body} data-testid="news-body" dangerouslySetInnerHTML={{ __html: a.body }} />
      {a.link && (
        <p className={styles.meta}>
          <a href={a.link} target="_blank" rel="noopener noreferrer nofollow">
            {t('news.original')}
          </a>
        </p>
      )}
      {a.symbols.length > 0 && (
        <>
          <h3 className={styles.sectionTitle}>{t('news.related')}</h3>
          <ul className={styles.symbols}>
            {a.symbols.map((s) => (
              <li key={s}>
                <Link className={styles.symbol} to={newsPaths.kline(s)} data-testid={`news-symbol-${s}`}>
                  {s}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
