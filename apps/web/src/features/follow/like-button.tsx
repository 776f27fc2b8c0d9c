import { fundManagerLike } from '@piazza/contract/calls/fund';
import type { ManagerView } from '@piazza/contract/calls/fund-shapes';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { HeartFill, HeartOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { paths } from '../../shared/navigation/paths';
import { useSession } from '../../shared/session/use-session';
import styles from './follow.module.css';
import { likeRefreshCalls } from './follow-calls';

/**
 * The manager's likes, and the toggle that likes them or takes the like back; a guest is sent to sign in.
 * The count shown is the server's answer to the toggle until the lists read it again.
 */
export function LikeToggle({ manager }: { manager: ManagerView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signedIn } = useSession();
  const [answer, setAnswer] = useState<{ liked: boolean; likes: number } | null>(null);
  const [sending, setSending] = useState(false);
  const liked = answer?.liked ?? manager.liked;
  const likes = answer?.likes ?? manager.likes;

  const toggle = async () => {
    if (!signedIn) {
      navigate(paths.login);
      return;
    }
    setSending(true);
    try {
      setAnswer(await api(fundManagerLike, { id: manager.id, like: liked ? 0 : 1 }));
      for (const call of likeRefreshCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
    } catch {
      // The request wrapper has shown why; the count stays as it was.
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.likes}>
      <span data-testid={`manager-likes-${manager.id}`}>{t('follow.likes', { 0: likes })}</span>
      <Button
        size="small"
        fill="outline"
        color={liked ? 'danger' : 'default'}
        loading={sending}
        aria-pressed={signedIn ? liked : undefined}
        onClick={() => void toggle()}
        data-testid={`manager-like-${manager.id}`}
      >
        {liked ? <HeartFill className={styles.liked} /> : <HeartOutline />}{' '}
        {t(!signedIn ? 'follow.likeSignIn' : liked ? 'follow.unlike' : 'follow.like')}
      </Button>
    </div>
  );
}
