import { adminVoteSave, adminVotes, adminVoteWithdraw } from '@piazza/contract/calls/content-news-admin';
import type { CallOutput } from '@piazza/contract/define';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { FormActions } from '../../shared/form-actions';
import { formatTime } from '../../shared/format';
import { usePageParams } from '../../shared/page-params';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useDraftForm } from '../../shared/use-draft-form';
import { useMe } from '../../shared/use-me';
import { BothLanguages } from './both-languages';
import { EditableRecords } from './editable-records';
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
  return (
    <EditableRecords<Poll>
      name="votes"
      title={t('nav.votes')}
      hint={t('newsAdmin.votesHint')}
      writable={can(role, adminVoteSave)}
      create={{ label: t('newsAdmin.newPoll'), testId: 'poll-new' }}
      query={polls}
      refresh={() => void queryClient.invalidateQueries({ queryKey: key })}
      form={(poll, done) => <PollForm poll={poll} onDone={done} />}
      withdraw={{ run: (p) => request(adminVoteWithdraw, { id: p.id }) }}
      pager={{ page, size, onPage: (p) => update({ page: p }) }}
      table={{
        testId: 'polls-table',
        head: [t('newsAdmin.question'), t('newsAdmin.options'), t('newsAdmin.window')],
        rowTestId: (p) => `poll-${p.id}`,
        cells: (p) => (
          <>
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
          </>
        ),
      }}
    />
  );
}
