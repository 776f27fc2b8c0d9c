import {
  adminServiceAssign,
  adminServiceCanned,
  adminServiceMessages,
  adminServiceOperators,
  adminServiceRead,
  adminServiceReply,
} from '@piazza/contract/calls/service';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import styles from './service.module.css';
import { ServiceImage } from './service-image';

const inboxKey = ['service-inbox'];
const pageSize = 30;

/** One investor's conversation: history (earlier pages on demand), assignment and the answer box. */
export function Conversation({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useMe().data?.operator;
  const [pages, setPages] = useState(1);
  const [text, setText] = useState('');
  const key = ['service-conversation', userId];
  const conversation = useQuery({
    queryKey: [...key, pages],
    queryFn: () => request(adminServiceMessages, { userId, size: Math.min(100, pages * pageSize) }),
  });
  const operators = useQuery({
    queryKey: ['service-operators'],
    queryFn: () => request(adminServiceOperators, {}),
  });
  const canned = useQuery({ queryKey: ['service-canned'], queryFn: () => request(adminServiceCanned, {}) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: inboxKey });
  };

  const unread = conversation.data?.conversation.unread ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: mark read whenever unread messages are shown
  useEffect(() => {
    if (unread > 0) void request(adminServiceRead, { userId }).then(refresh, () => undefined);
  }, [unread, userId]);

  const reply = useMutation({
    mutationFn: () => request(adminServiceReply, { userId, text }),
    onSuccess: () => {
      setText('');
      refresh();
    },
  });
  const assign = useMutation({
    mutationFn: (operatorId: number | undefined) => request(adminServiceAssign, { userId, operatorId }),
    onSuccess: refresh,
  });

  if (conversation.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (!conversation.data) return null;
  const { list, total, conversation: line } = conversation.data;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() !== '') reply.mutate();
  };

  return (
    <div data-testid="conversation" data-user={userId}>
      <h2>{line.account}</h2>
      <div className={styles.assign}>
        <span>
          {t('serviceAdmin.assignee')}:{' '}
          <strong data-testid="conversation-assignee">{line.assigneeName ?? t('serviceAdmin.nobody')}</strong>
        </span>
        {line.assigneeId !== me?.id && (
          <button type="button" onClick={() => assign.mutate(undefined)} data-testid="assign-me">
            {t('serviceAdmin.assignMe')}
          </button>
        )}
        <label>
          {t('serviceAdmin.assignTo')}{' '}
          <select
            value={line.assigneeId ?? 0}
            onChange={(e) => assign.mutate(Number(e.target.value))}
            data-testid="assign-select"
          >
            <option value={0}>{t('serviceAdmin.nobody')}</option>
            {(operators.data?.list ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <RefusalLine error={assign.error} testId="assign-refusal" />
      {list.length < total && (
        <button type="button" onClick={() => setPages((p) => p + 1)} data-testid="conversation-earlier">
          {t('serviceAdmin.earlier')}
        </button>
      )}
      <ol className={styles.messages}>
        {[...list].reverse().map((m) => (
          <li
            key={m.id}
            className={m.sender === 'operator' ? styles.ours : styles.theirs}
            data-testid="conversation-message"
            data-sender={m.sender}
          >
            {m.image && <ServiceImage url={m.image.url} />}
            {m.text !== '' && <p className={styles.text}>{m.text}</p>}
            <span className="muted">
              {m.sender === 'operator' ? m.operatorName : line.account} · {formatTime(m.at, '')}
              {m.sender === 'operator' && (m.read ? ` · ${t('serviceAdmin.read')}` : '')}
            </span>
          </li>
        ))}
      </ol>
      <form onSubmit={onSubmit} className={styles.reply}>
        <label>
          {t('serviceAdmin.canned')}{' '}
          <select
            value=""
            onChange={(e) => {
              const chosen = canned.data?.list.find((c) => c.id === Number(e.target.value));
              if (chosen) setText((old) => (old ? `${old}\n${chosen.text}` : chosen.text));
            }}
            data-testid="canned-pick"
          >
            <option value="">{t('serviceAdmin.cannedPick')}</option>
            {(canned.data?.list ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.language === 'it-IT' ? 'IT' : 'EN'} · {c.title}
              </option>
            ))}
          </select>
        </label>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={3}
          maxLength={1000}
          aria-label={t('serviceAdmin.answer')}
          data-testid="reply-text"
        />
        <button type="submit" disabled={reply.isPending} data-testid="reply-send">
          {t('serviceAdmin.send')}
        </button>
        <RefusalLine error={reply.error} testId="reply-refusal" />
      </form>
    </div>
  );
}
