import { adminVoteSave, adminVotes, adminVoteWithdraw } from '@piazza/contract/calls/content-news-admin';
import type { CallOutput } from '@piazza/contract/define';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { FormActions } from '../../shared/form-actions';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useDraftForm } from '../../shared/use-draft-form';
import { useMe } from '../../shared/use-me';
import { BothLanguages } from './both-languages';
import styles from './news.module.css';
import { instantOf, localInput, PublishWindow } from './publish-window';

type Poll = CallOutput<typeof adminVotes>['list'][number];
const key = ['admin-votes'];
const size = 20;
const weekMs = 7 * 86_400_000;

function PollForm({ poll, onDone }: { poll?: Poll; onDone(): void }) {
  const { t } = useTranslation();
  const now = Date.now();
  const { draft, set, save, submit } = useDraftForm(
    {
      question: { it: poll?.questionIt ?? '', en: poll?.questionEn ?? '' },
      options: {
        it: poll?.options.map((o) => o.labelIt).join('\n') ?? '',
        en: poll?.options.map((o) => o.labelEn).join('\n') ?? '',
      },
      window: { from: localInput(poll?.opensAt ?? now), until: localInput(poll?.closesAt ?? now + weekMs) },
    },
    (d) =>
      request(adminVoteSave, {
        ...(poll ? { id: poll.id } : {}),
        questionIt: d.question.it,
        questionEn: d.question.en,
        optionsIt: d.options.it,
        optionsEn: d.options.en,
        opensAt: instantOf(d.window.from),
        closesAt: instantOf(d.window.until ?? ''),
      }),
    (saved) => t('newsAdmin.pollSaved', { question: saved.questionIt }),
    onDone,
  );
  return (
    <form className={styles.form} onSubmit={submit} data-testid="poll-form">
      <BothLanguages
        legend={t('newsAdmin.question')}
        value={draft.question}
        onChange={(question) => set({ question })}
        maxLength={300}
        testId="poll-question"
      />
      <BothLanguages
        legend={t('newsAdmin.options')}
        value={draft.options}
        onChange={(options) => set({ options })}
        maxLength={1300}
        lines={5}
        hint={t('newsAdmin.optionsHint')}
        testId="poll-options"
      />
      <PublishWindow
        value={draft.window}
        onChange={(w) => set({ window: { from: w.from, until: w.until ?? '' } })}
        fromLabel={t('newsAdmin.opens')}
        untilLabel={t('newsAdmin.closes')}
        testId="poll-window"
      />
      <FormActions
        submitLabel={t('common.save')}
        submitTestId="poll-save"
        pending={save.isPending}
        onCancel={onDone}
        cancelTestId="poll-cancel"
      />
      <RefusalLine error={save.error} testId="poll-refusal" alert className={styles.refusal} />
    </form>
  );
}

/** Polls (issue 15 item 4): question and options in both languages, a window, the counts as they come. */
export default function VotesScreen() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const { page, update } = usePageParams([] as const);
  const polls = useQuery({ queryKey: [...key, page], queryFn: () => request(adminVotes, { page, size }) });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const withdraw = useMutation({
    mutationFn: (p: Poll) => request(adminVoteWithdraw, { id: p.id }),
    onSuccess: () => {
      showNotice('success', t('newsAdmin.withdrawn'));
      refresh();
    },
  });
  const list = polls.data?.list ?? [];
  const writable = can(role, adminVoteSave);
  return (
    <section aria-labelledby="votes-title">
      <h1 id="votes-title">{t('nav.votes')}</h1>
      <p className="muted">{t('newsAdmin.votesHint')}</p>
      {writable && editing === null && (
        <button type="button" onClick={() => setEditing('new')} data-testid="poll-new">
          {t('newsAdmin.newPoll')}
        </button>
      )}
      {editing !== null && (
        <PollForm
          key={editing}
          poll={list.find((p) => p.id === editing)}
          onDone={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {polls.isPending && <p className="muted">{t('common.loading')}</p>}
      {polls.data && list.length === 0 && <p className="muted">{t('common.empty')}</p>}
      {list.length > 0 && (
        <div className={styles.scroll}>
          <table data-testid="polls-table">
            <thead>
              <tr>
                <th scope="col">{t('newsAdmin.question')}</th>
                <th scope="col">{t('newsAdmin.options')}</th>
                <th scope="col">{t('newsAdmin.window')}</th>
                <th scope="col">{t('newsAdmin.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.id} data-testid={`poll-${p.id}`}>
                  <td>
                    {p.questionIt}
                    <div className="muted">{p.questionEn}</div>
                  </td>
                  <td>
                    <ul>
                      {p.options.map((o) => (
                        <li key={o.id}>{t('newsAdmin.optionVotes', { label: o.labelIt, votes: o.votes })}</li>
                      ))}
                    </ul>
                    <div className="muted">{t('newsAdmin.totalVotes', { total: p.total })}</div>
                  </td>
                  <td>
                    {formatTime(p.opensAt, t('common.never'))} – {formatTime(p.closesAt, t('common.never'))}
                    {p.withdrawnAt && <div className="muted">{t('newsAdmin.stateWithdrawn')}</div>}
                  </td>
                  <td className="row">
                    {writable && (
                      <button
                        type="button"
                        className="secondary"
                        disabled={editing !== null}
                        onClick={() => setEditing(p.id)}
                      >
                        {t('newsAdmin.edit')}
                      </button>
                    )}
                    {writable && !p.withdrawnAt && (
                      <button
                        type="button"
                        className="danger"
                        disabled={withdraw.isPending}
                        onClick={() => withdraw.mutate(p)}
                      >
                        {t('newsAdmin.withdraw')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} size={size} total={polls.data?.total ?? 0} onPage={(p) => update({ page: p })} />
        </div>
      )}
    </section>
  );
}
