import {
  adminServiceCanned,
  adminServiceCannedDelete,
  adminServiceCannedSave,
} from '@piazza/contract/calls/service';
import type { CallOutput } from '@piazza/contract/define';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import styles from './service.module.css';

type Canned = CallOutput<typeof adminServiceCanned>['list'][number];
const cannedKey = ['service-canned'];

/** The canned replies, in both languages: added, changed and removed by support. */
export function CannedReplies() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canned = useQuery({ queryKey: cannedKey, queryFn: () => request(adminServiceCanned, {}) });
  const [editing, setEditing] = useState<Canned | 'new' | null>(null);
  const done = () => {
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: cannedKey });
  };
  const remove = useMutation({
    mutationFn: (id: number) => request(adminServiceCannedDelete, { id }),
    onSuccess: done,
  });
  return (
    <section aria-labelledby="canned-title" className={styles.section}>
      <h2 id="canned-title">{t('serviceAdmin.cannedTitle')}</h2>
      {editing === null && (
        <button type="button" onClick={() => setEditing('new')} data-testid="canned-new">
          {t('serviceAdmin.cannedNew')}
        </button>
      )}
      {editing !== null && (
        <CannedForm
          key={editing === 'new' ? 'new' : editing.id}
          canned={editing === 'new' ? undefined : editing}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      )}
      <table data-testid="canned-table">
        <thead>
          <tr>
            <th>{t('serviceAdmin.language')}</th>
            <th>{t('serviceAdmin.cannedName')}</th>
            <th>{t('serviceAdmin.cannedText')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(canned.data?.list ?? []).map((c) => (
            <tr key={c.id}>
              <td>{c.language === 'it-IT' ? t('serviceAdmin.italian') : t('serviceAdmin.english')}</td>
              <td>{c.title}</td>
              <td className={styles.text}>{c.text}</td>
              <td>
                <button type="button" onClick={() => setEditing(c)}>
                  {t('serviceAdmin.edit')}
                </button>{' '}
                <button type="button" onClick={() => remove.mutate(c.id)}>
                  {t('serviceAdmin.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function CannedForm({
  canned,
  onDone,
  onCancel,
}: {
  canned?: Canned;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<'it-IT' | 'en-US'>(canned?.language ?? 'it-IT');
  const [title, setTitle] = useState(canned?.title ?? '');
  const [text, setText] = useState(canned?.text ?? '');
  const save = useMutation({
    mutationFn: () => request(adminServiceCannedSave, { id: canned?.id, language, title, text }),
    onSuccess: onDone,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className={styles.form} data-testid="canned-form">
      <label>
        {t('serviceAdmin.language')}
        <select value={language} onChange={(e) => setLanguage(e.target.value as 'it-IT' | 'en-US')}>
          <option value="it-IT">{t('serviceAdmin.italian')}</option>
          <option value="en-US">{t('serviceAdmin.english')}</option>
        </select>
      </label>
      <label>
        {t('serviceAdmin.cannedName')}
        <input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={80}
          data-testid="canned-title-input"
        />
      </label>
      <label>
        {t('serviceAdmin.cannedText')}
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={3}
          maxLength={1000}
          data-testid="canned-text-input"
        />
      </label>
      <div>
        <button type="submit" disabled={save.isPending} data-testid="canned-save">
          {t('common.save')}
        </button>{' '}
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
      <RefusalLine error={save.error} testId="canned-refusal" />
    </form>
  );
}
