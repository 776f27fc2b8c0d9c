import { userVipNotes } from '@piazza/contract/calls/vip';
import { formatDate } from '@piazza/core/format-date';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRefusal } from '../../shared/api/failures';
import { useApiQuery } from '../../shared/api/use-api-query';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './vip.module.css';

const step = 10;

/**
 * The VIP notes for an entitled member, newest first, each with its kind, author, date and the research
 * disclaimer (MAR art. 20). Test ids: `vip-note-{id}`, `vip-note-author-{id}`, `vip-note-date-{id}`,
 * `vip-notes-empty`, `vip-notes-more`, `vip-notes-refusal`.
 */
export function VipNotes() {
  const { t } = useTranslation();
  const [size, setSize] = useState(step);
  const notes = useApiQuery(userVipNotes, { page: 1, size }, { placeholderData: (previous) => previous });
  if (notes.isPending) return <Skeleton.Paragraph lineCount={5} animated />;
  if (notes.isError) {
    return notes.error instanceof ApiRefusal ? (
      <p className={styles.error} data-testid="vip-notes-refusal">
        {notes.error.msg}
      </p>
    ) : (
      <LoadFailed onRetry={() => void notes.refetch()} />
    );
  }
  const { list, total, disclaimer } = notes.data;
  if (list.length === 0) {
    return (
      <p className={styles.muted} data-testid="vip-notes-empty">
        {t('vipPage.notesEmpty')}
      </p>
    );
  }
  return (
    <>
      {list.map((note) => (
        <article key={note.id} className={styles.note} data-testid={`vip-note-${note.id}`}>
          <div className={styles.noteHead}>
            <h3 className={styles.noteTitle}>{note.title}</h3>
            <span className={styles.kind}>{t(`vipPage.kind.${note.kind}`)}</span>
          </div>
          <p className={styles.byline}>
            <span data-testid={`vip-note-author-${note.id}`}>{t('vipPage.by', { 0: note.author })}</span>
            {' · '}
            <span data-testid={`vip-note-date-${note.id}`}>{formatDate(note.publishedAt)}</span>
          </p>
          <p className={styles.body}>{note.body}</p>
          <p className={styles.disclaimer} data-testid={`vip-note-disclaimer-${note.id}`}>
            {disclaimer}
          </p>
        </article>
      ))}
      {list.length < total && size < 100 && (
        <Button
          block
          fill="outline"
          loading={notes.isFetching}
          onClick={() => setSize((s) => Math.min(100, s + step))}
          data-testid="vip-notes-more"
        >
          {t('vipPage.more')}
        </Button>
      )}
    </>
  );
}
