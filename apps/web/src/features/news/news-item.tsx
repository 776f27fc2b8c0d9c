import type { NewsItemView } from '@piazza/contract/calls/content-news-shapes';
import { formatDateTime } from '@piazza/core/format-date';
import { Link } from 'react-router-dom';
import styles from './news.module.css';
import { newsPaths } from './news-paths';

/** One article in a list: its cover, title, first words, date and source. */
export function NewsItem({ item, read }: { item: NewsItemView; read: boolean }) {
  return (
    <Link
      to={newsPaths.detail(item.id)}
      className={read ? `${styles.item} ${styles.itemRead}` : styles.item}
      data-testid={`news-item-${item.id}`}
    >
      {item.cover && (
        <img className={styles.thumb} src={item.cover} alt="" loading="lazy" width={96} height={64} />
      )}
      <div className={styles.text}>
        <h3 className={styles.title}>{item.title}</h3>
        {item.summary && <p className={styles.summary}>{item.summary}</p>}
        <p className={styles.meta}>
          {formatDateTime(item.publishedAt)}
          {item.source ? ` · ${item.source}` : ''}
        </p>
      </div>
    </Link>
  );
}
