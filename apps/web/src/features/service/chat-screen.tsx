import {
  userServiceMessages,
  userServiceRead,
  userServiceSend,
  userServiceUnread,
  userServiceUpload,
} from '@piazza/contract/calls/service';
import type { ServiceMessageView } from '@piazza/contract/calls/service-shapes';
import { formatDateTime } from '@piazza/core/format-date';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, TextArea } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { upload } from '../../shared/api/upload';
import { topics } from '../../shared/realtime/topics';
import { useTopic } from '../../shared/realtime/use-topic';
import { usePersisted } from '../../shared/storage/persisted';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './chat.module.css';
import { ChatImage } from './chat-image';

const pageSize = 30;

/**
 * The built-in chat (decision 039): the conversation oldest first with earlier pages on demand, a box to write
 * and a button to send an image. Answers arrive on the user socket (event `service`); the page reads again and
 * marks them read while it is open. Text is rendered as text, never as markup. Test ids: `chat-message`
 * (with data-sender), `chat-input`, `chat-send`, `chat-image-input`, `chat-earlier`.
 */
export function ChatScreen() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const token = usePersisted('userToken');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);

  const messages = useInfiniteQuery({
    queryKey: [userServiceMessages.path, 'chat', lang, token],
    queryFn: ({ pageParam }) => api(userServiceMessages, { page: pageParam, size: pageSize }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [userServiceMessages.path] });
    void queryClient.invalidateQueries({ queryKey: [userServiceUnread.path] });
  };
  const markRead = () => api(userServiceRead, {}, { silent: true }).then(refresh, () => undefined);

  useTopic(topics.user, (event) => {
    if (event.kind === 'service') void markRead();
  });

  const unread = messages.data?.pages[0]?.unread ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once whenever unread answers are shown
  useEffect(() => {
    if (unread > 0) void markRead();
  }, [unread]);

  const newestId = messages.data?.pages[0]?.list[0]?.id;
  useEffect(() => {
    if (newestId !== undefined) end.current?.scrollIntoView?.({ block: 'end' });
  }, [newestId]);

  const send = async () => {
    if (sending || text.trim() === '') return;
    setSending(true);
    try {
      await api(userServiceSend, { text });
      setText('');
      refresh();
    } catch {
      // The request wrapper showed the refusal; the text stays so it can be sent again.
    } finally {
      setSending(false);
    }
  };

  const sendImage = async (file: File | undefined) => {
    if (!file) return;
    setSending(true);
    try {
      await upload(userServiceUpload, file, file.name);
      refresh();
    } catch {
      // Shown by the request wrapper.
    } finally {
      setSending(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  if (messages.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (messages.isError) return <LoadFailed onRetry={() => void messages.refetch()} />;
  const all = messages.data.pages.flatMap((p) => p.list).reverse();

  return (
    <>
      <div className={styles.chat} data-testid="chat">
        {messages.hasNextPage && (
          <Button
            className={styles.earlier}
            size="mini"
            fill="none"
            loading={messages.isFetchingNextPage}
            onClick={() => void messages.fetchNextPage()}
            data-testid="chat-earlier"
          >
            {t('service.earlier')}
          </Button>
        )}
        {all.length === 0 && <p className={styles.empty}>{t('service.empty')}</p>}
        {all.map((m) => (
          <ChatBubble key={m.id} message={m} />
        ))}
        <div ref={end} />
      </div>
      <div className={styles.composer}>
        <input
          ref={fileInput}
          className={styles.file}
          type="file"
          accept="image/jpeg,image/png"
          data-testid="chat-image-input"
          onChange={(e) => void sendImage(e.target.files?.[0])}
        />
        <Button
          fill="none"
          aria-label={t('service.attach')}
          disabled={sending}
          onClick={() => fileInput.current?.click()}
        >
          <PictureOutline fontSize={22} />
        </Button>
        <TextArea
          className={styles.input}
          value={text}
          onChange={setText}
          placeholder={t('service.placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={1000}
          data-testid="chat-input"
          aria-label={t('service.placeholder')}
        />
        <Button color="primary" loading={sending} onClick={() => void send()} data-testid="chat-send">
          {t('service.send')}
        </Button>
      </div>
    </>
  );
}

function ChatBubble({ message }: { message: ServiceMessageView }) {
  const { t } = useTranslation();
  const mine = message.sender === 'user';
  return (
    <div
      className={`${styles.row} ${mine ? styles.mine : ''}`}
      data-testid="chat-message"
      data-sender={message.sender}
    >
      <div className={styles.bubble}>
        {message.image && <ChatImage url={message.image.url} />}
        {message.text !== '' && <p className={styles.text}>{message.text}</p>}
        <span className={styles.meta}>
          {mine ? t('service.you') : (message.operatorName ?? t('service.operator'))} ·{' '}
          {formatDateTime(message.at)}
        </span>
      </div>
    </div>
  );
}
