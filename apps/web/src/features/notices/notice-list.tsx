import { indexNotice, userNotice, userNoticeRead } from '@piazza/contract/calls/notices';
import type { NoticeView } from '@piazza/contract/calls/notices-shapes';
import { formatDateTime } from '@piazza/core/format-date';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { refreshNotices } from '../../shared/notices/unread-notices';
import { useSession } from '../../shared/session/use-session';
import { PagedList, usePagedFilter } from '../../shared/ui/paged-list';
import { noticeDetailPath } from './notice-paths';
import styles from './notices.module.css';

/** One notice in the list: its title (a dot while unread), date and first lines; a tap opens it. */
function NoticeRow({ notice, signedIn, onOpen }: { notice: NoticeView; signedIn: boolean; onOpen(): void }) {
  const { t } = useTranslation();
  // A guest has no read state: no dot.
  const unread = signedIn && !notice.read;
  return (
    <button
      type="button"
      className={`${styles.row} ${unread ? styles.unread : ''}`}
      onClick={onOpen}
      data-testid={`notice-row-${notice.id}`}
      data-read={notice.read ? '1' : '0'}
    >
      <div className={styles.head}>
        <span className={styles.title}>{notice.title}</span>
        {notice.audience === 'personal' && <span className={styles.tag}>{t('notices.personal')}</span>}
      </div>
      <div className={styles.meta}>{formatDateTime(notice.publishAt)}</div>
      <p className={styles.excerpt}>{notice.body}</p>
    </button>
  );
}

/**
 * notice/list: the notices in force, newest first — for an investor everyone's and their own with the read
 * state and "mark all read", for a guest everyone's. Test ids: `notice-row-{id}`, `notices-empty`,
 * `notices-read-all`.
 */
export function NoticeList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const queryClient = useQueryClient();
  const { size, more } = usePagedFilter('all');
  const mine = useApiQuery(userNotice, { page: 1, size }, { enabled: signedIn, staleTime: 0 });
  const everyone = useApiQuery(indexNotice, { page: 1, size }, { enabled: !signedIn });
  const query = signedIn ? mine : everyone;
  const readAll = useMutation({
    mutationFn: () => api(userNoticeRead, { all: 1 }),
    onSuccess: () => {
      refreshNotices(queryClient);
      void queryClient.invalidateQueries({ queryKey: [userNotice.path] });
    },
  });
  return (
    <>
      {signedIn && (mine.data?.unread ?? 0) > 0 && (
        <div className={styles.actions}>
          <Button
            size="small"
            fill="outline"
            loading={readAll.isPending}
            onClick={() => readAll.mutate()}
            data-testid="notices-read-all"
          >
            {t('notices.readAll')}
          </Button>
        </div>
      )}
      <PagedList
        query={query}
        size={size}
        onMore={more}
        moreLabel={t('notices.more')}
        empty={t('notices.empty')}
        emptyTestId="notices-empty"
        row={(n: NoticeView) => (
          <NoticeRow
            key={n.id}
            notice={n}
            signedIn={signedIn}
            onOpen={() => navigate(noticeDetailPath(n.id))}
          />
        )}
      />
    </>
  );
}
