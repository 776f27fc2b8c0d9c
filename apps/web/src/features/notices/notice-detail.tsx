import { indexNoticeInfo, userNotice, userNoticeInfo, userNoticeRead } from '@piazza/contract/calls/notices';
import type { NoticeView } from '@piazza/contract/calls/notices-shapes';
import { formatDateTime } from '@piazza/core/format-date';
import { useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { useEffect } from 'react';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { refreshNotices } from '../../shared/notices/unread-notices';
import { useSession } from '../../shared/session/use-session';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './notices.module.css';

function NoticeArticle({ notice }: { notice: NoticeView }) {
  return (
    <article className={styles.article} data-testid="notice-detail">
      <h2 data-testid="notice-detail-title">{notice.title}</h2>
      <div className={styles.meta}>{formatDateTime(notice.publishAt)}</div>
      <div className={styles.body} data-testid="notice-detail-body">
        {notice.body}
      </div>
    </article>
  );
}

/** notice/detail: one notice in full, as plain text. An investor who opens it has read it. */
export function NoticeDetail({ id }: { id: number }) {
  const { signedIn } = useSession();
  const queryClient = useQueryClient();
  const mine = useApiQuery(userNoticeInfo, { id }, { enabled: signedIn });
  const everyone = useApiQuery(indexNoticeInfo, { id }, { enabled: !signedIn });
  const query = signedIn ? mine : everyone;
  const unread = signedIn && mine.data !== undefined && !mine.data.read;
  useEffect(() => {
    if (!unread) return;
    api(userNoticeRead, { id }, { silent: true })
      .then(() => {
        refreshNotices(queryClient);
        void queryClient.invalidateQueries({ queryKey: [userNotice.path] });
      })
      .catch(() => undefined);
  }, [unread, id, queryClient]);
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton.Paragraph lineCount={6} animated />;
  return <NoticeArticle notice={query.data} />;
}
