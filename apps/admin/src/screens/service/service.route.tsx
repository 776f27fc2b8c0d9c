import {
  adminServiceCanned,
  adminServiceConversations,
  adminServiceSettings,
} from '@piazza/contract/calls/service';
import type { CallOutput } from '@piazza/contract/define';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { formatTime } from '../../shared/format';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { CannedReplies } from './canned-replies';
import { Conversation } from './conversation';
import { useInboxStream } from './inbox-stream';
import { ScriptSetting } from './script-setting';
import styles from './service.module.css';

type Filter = 'all' | 'mine' | 'unassigned';
type Inbox = CallOutput<typeof adminServiceConversations>;
const inboxKey = ['service-inbox'];
const conversationKey = (userId: number) => ['service-conversation', userId];

/**
 * Customer service's inbox (issue 15 item 5, decision 039): conversations latest first with their unread counts
 * and assignee, live from the server's stream (no reload); one conversation open beside the list, with its
 * history, images, assignment and the answer box with canned replies. Canned replies and the external chat
 * script are managed below. Test ids: `inbox-row` (data-user), `inbox-unread`, `inbox-total-unread`.
 */
export default function ServiceScreen() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const [open, setOpen] = useState<number | null>(null);
  const inbox = useQuery({
    queryKey: [...inboxKey, filter],
    queryFn: () => request(adminServiceConversations, { filter, size: 100 }),
  });

  useInboxStream((news) => {
    void queryClient.invalidateQueries({ queryKey: inboxKey });
    void queryClient.invalidateQueries({ queryKey: conversationKey(news.userId) });
  });

  const list: Inbox['list'] = inbox.data?.list ?? [];
  return (
    <section aria-labelledby="service-title">
      <h1 id="service-title">{t('serviceAdmin.title')}</h1>
      <p className="muted" data-testid="inbox-total-unread">
        {t('serviceAdmin.totalUnread', { 0: inbox.data?.unread ?? 0 })}
      </p>
      <fieldset className={styles.filters} aria-label={t('serviceAdmin.filter')}>
        {(['all', 'mine', 'unassigned'] as const).map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            className={filter === f ? styles.active : undefined}
            onClick={() => setFilter(f)}
          >
            {t(`serviceAdmin.filter.${f}`)}
          </button>
        ))}
      </fieldset>
      <div className={styles.inbox}>
        <ul className={styles.list} data-testid="inbox-list">
          {inbox.isPending && <li className="muted">{t('common.loading')}</li>}
          {inbox.data && list.length === 0 && <li className="muted">{t('serviceAdmin.empty')}</li>}
          {list.map((c) => (
            <li key={c.userId}>
              <button
                type="button"
                className={`${styles.row} ${open === c.userId ? styles.active : ''}`}
                onClick={() => setOpen(c.userId)}
                data-testid="inbox-row"
                data-user={c.userId}
              >
                <span className={styles.account}>
                  {c.account}
                  {c.unread > 0 && (
                    <span className={styles.badge} data-testid="inbox-unread">
                      {c.unread}
                    </span>
                  )}
                </span>
                <span className={styles.last}>
                  {c.lastSender === 'operator' ? `${t('serviceAdmin.you')}: ` : ''}
                  {c.lastText || t('serviceAdmin.image')}
                </span>
                <span className="muted">
                  {formatTime(c.lastAt, '')} · {c.assigneeName ?? t('serviceAdmin.nobody')}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div className={styles.open}>
          {open === null ? (
            <p className="muted">{t('serviceAdmin.choose')}</p>
          ) : (
            <Conversation key={open} userId={open} />
          )}
        </div>
      </div>
      {can(role, adminServiceCanned) && <CannedReplies />}
      {can(role, adminServiceSettings) && <ScriptSetting />}
    </section>
  );
}
