import { castVote, indexVoteInfo } from '@piazza/contract/calls/content-news';
import type { VoteView } from '@piazza/contract/calls/content-news-shapes';
import { formatDateTime } from '@piazza/core/format-date';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Radio, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { paths } from '../../shared/navigation/paths';
import { useSession } from '../../shared/session/use-session';
import { LoadFailed } from '../../shared/ui/load-failed';
import { resultRows } from './vote-results';
import styles from './votes.module.css';

/**
 * The poll (`stock/vote`): its question and window; while open and not yet voted, the options and Vote (a
 * guest is sent to sign in); once voted or closed, the results with the caller's choice marked.
 */
export function VotePanel({ id }: { id?: number }) {
  const { t } = useTranslation();
  const vote = useApiQuery(indexVoteInfo, id ? { id } : {});
  if (vote.isError) return <LoadFailed onRetry={() => void vote.refetch()} />;
  if (!vote.data)
    return (
      <div className={styles.poll}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  if (!vote.data.vote)
    return (
      <p className={styles.poll} data-testid="vote-none">
        {t('vote.none')}
      </p>
    );
  return <Poll vote={vote.data.vote} />;
}

function Poll({ vote }: { vote: VoteView }) {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<number | null>(null);
  const cast = useMutation({
    mutationFn: (option: number) => api(castVote, { id: vote.id, option }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [indexVoteInfo.path] }),
  });
  const rows = resultRows(vote);
  const canVote = vote.state === 'open' && vote.myOption === null;

  return (
    <section className={styles.poll} aria-labelledby="vote-question" data-testid="vote-panel">
      <h2 id="vote-question" className={styles.question}>
        {vote.question}
      </h2>
      <p className={styles.window} data-testid="vote-window">
        {t(`vote.state.${vote.state}`, { 0: formatDateTime(vote.opensAt), 1: formatDateTime(vote.closesAt) })}
      </p>
      {canVote && (
        <>
          <Radio.Group value={choice} onChange={(v) => setChoice(Number(v))}>
            <div className={styles.options} role="radiogroup" aria-labelledby="vote-question">
              {vote.options.map((o) => (
                <div key={o.id} className={styles.option}>
                  <Radio value={o.id} data-testid={`vote-option-${o.id}`}>
                    {o.label}
                  </Radio>
                </div>
              ))}
            </div>
          </Radio.Group>
          <Button
            className={styles.submit}
            block
            color="primary"
            disabled={choice === null}
            loading={cast.isPending}
            onClick={() => {
              if (!signedIn) navigate(paths.login);
              else if (choice !== null) cast.mutate(choice);
            }}
            data-testid="vote-submit"
          >
            {t(signedIn ? 'vote.submit' : 'vote.signIn')}
          </Button>
        </>
      )}
      {vote.state === 'upcoming' && <p>{t('vote.notYet')}</p>}
      {rows.length > 0 && (
        <>
          <ul className={styles.results} data-testid="vote-results">
            {rows.map((r) => (
              <li key={r.id} className={styles.result} data-testid={`vote-result-${r.id}`}>
                <div className={`${styles.resultHead} ${r.mine ? styles.mine : ''}`}>
                  <span>
                    {r.label}
                    {r.mine ? ` · ${t('vote.yours')}` : ''}
                  </span>
                  <span>{t('vote.share', { 0: r.percent, 1: r.votes })}</span>
                </div>
                <div className={styles.bar} aria-hidden="true">
                  <div className={styles.fill} style={{ width: `${r.percent}%` }} />
                </div>
              </li>
            ))}
          </ul>
          <p className={styles.total} data-testid="vote-total">
            {t('vote.total', { 0: vote.results?.total ?? 0 })}
          </p>
        </>
      )}
    </section>
  );
}
