import { commonProp } from '@piazza/contract/calls/content';
import type { ContentKey } from '@piazza/contract/content-keys';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './content-text.module.css';

/**
 * An operator-authored text (GET /common/prop) in the current language. Bodies are plain text: blank lines
 * separate paragraphs; nothing in them is interpreted as markup.
 */
export function ContentText({ contentKey }: { contentKey: ContentKey }) {
  const { t } = useTranslation();
  const text = useApiQuery(commonProp, { key: contentKey });
  if (text.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (text.isError) {
    return <LoadFailed onRetry={() => void text.refetch()} />;
  }
  const paragraphs = text.data.body.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  if (paragraphs.length === 0) return <p className={styles.muted}>{t('content.empty')}</p>;
  return (
    <div className={styles.body} data-testid={`content-${contentKey}`}>
      {paragraphs.map((p, i) => (
        // Paragraphs have no identity beyond their position in an immutable text.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={i}>{p.trim()}</p>
      ))}
    </div>
  );
}
