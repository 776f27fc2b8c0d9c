import {
  adminNewsSourceFetch,
  adminNewsSourceSave,
  adminNewsSources,
} from '@piazza/contract/calls/content-news-admin';
import type { CallOutput } from '@piazza/contract/define';
import { type Language, languages } from '@piazza/contract/wire';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { FormActions } from '../../shared/form-actions';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useDraftForm } from '../../shared/use-draft-form';
import { useMe } from '../../shared/use-me';
import { EditableRecords } from './editable-records';
import styles from './news.module.css';

type Source = CallOutput<typeof adminNewsSources>['list'][number];
const key = ['admin-news-sources'];

function SourceForm({ source, onDone }: { source?: Source; onDone(): void }) {
  const { t, i18n } = useTranslation();
  const { draft, set, save, submit } = useDraftForm(
    {
      name: source?.name ?? '',
      url: source?.url ?? '',
      language: source?.language ?? (i18n.language as Language),
      active: source?.active ?? true,
    },
    (d) =>
      request(adminNewsSourceSave, { ...(source ? { id: source.id } : {}), ...d, active: d.active ? 1 : 0 }),
    (saved) => t('newsAdmin.sourceSaved', { name: saved.name }),
    onDone,
  );
  return (
    <form className={styles.form} onSubmit={submit} data-testid="source-form">
      <label>
        <span>{t('newsAdmin.sourceName')}</span>
        <input
          value={draft.name}
          maxLength={100}
          onChange={(e) => set({ name: e.target.value })}
          data-testid="source-name"
        />
      </label>
      <label className={styles.wide}>
        <span>{t('newsAdmin.sourceUrl')}</span>
        <input
          type="url"
          value={draft.url}
          maxLength={500}
          onChange={(e) => set({ url: e.target.value })}
          placeholder="https://"
          data-testid="source-url"
        />
      </label>
      <label>
        <span>{t('newsAdmin.sourceLanguage')}</span>
        <select
          value={draft.language}
          onChange={(e) => set({ language: e.target.value as Language })}
          data-testid="source-language"
        >
          {languages.map((l) => (
            <option key={l} value={l}>
              {t(`lang.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('newsAdmin.sourceActive')}</span>
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(e) => set({ active: e.target.checked })}
          data-testid="source-active"
        />
      </label>
      <FormActions
        submitLabel={t('common.save')}
        submitTestId="source-save"
        pending={save.isPending}
        onCancel={onDone}
        cancelTestId="source-cancel"
      />
      <RefusalLine error={save.error} testId="source-refusal" alert className={styles.refusal} />
    </form>
  );
}

/**
 * Feed sources (issue 15 item 2): RSS or Atom feeds imported as news every half hour by the news-import job
 * (its runs are on the Jobs screen); each item is sanitised and imported once. "Import now" runs it at once.
 */
export default function NewsSourcesScreen() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const sources = useQuery({ queryKey: key, queryFn: () => request(adminNewsSources, {}) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const fetchNow = useMutation({
    mutationFn: (s: Source) => request(adminNewsSourceFetch, { id: s.id }),
    onSuccess: (done) => {
      showNotice('success', done.summary);
      refresh();
    },
    onError: refresh,
  });
  return (
    <EditableRecords<Source>
      name="sources"
      title={t('nav.newsSources')}
      hint={t('newsAdmin.sourcesHint')}
      writable={can(role, adminNewsSourceSave)}
      create={{ label: t('newsAdmin.newSource'), testId: 'source-new' }}
      query={sources}
      refresh={refresh}
      form={(source, done) => <SourceForm source={source} onDone={done} />}
      actions={(s) => (
        <button
          type="button"
          disabled={fetchNow.isPending}
          onClick={() => fetchNow.mutate(s)}
          data-testid={`source-fetch-${s.id}`}
        >
          {t('newsAdmin.fetchNow')}
        </button>
      )}
      table={{
        testId: 'sources-table',
        head: [
          t('newsAdmin.sourceName'),
          t('newsAdmin.sourceLanguage'),
          t('newsAdmin.sourceLast'),
          t('newsAdmin.sourceArticles'),
        ],
        rowTestId: (s) => `source-${s.id}`,
        cells: (s) => (
          <>
            <td>
              {s.name}
              <div className="muted">{s.url}</div>
              {!s.active && <div className="muted">{t('newsAdmin.sourceOff')}</div>}
            </td>
            <td>{t(`lang.${s.language}`)}</td>
            <td>
              {formatTime(s.lastFetchedAt, t('common.never'))}
              {s.lastError && <div className="muted">{s.lastError}</div>}
            </td>
            <td>{s.articles}</td>
          </>
        ),
      }}
    />
  );
}
