import { adminVipNoteDelete, adminVipNoteSave, adminVipNotes } from '@piazza/contract/calls/vip-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import styles from './vip.module.css';
import { type Note, NoteForm } from './vip-note-form';

const size = 20;
const notesKey = ['vip-notes'];

/**
 * The research notes members read, newest first: each with its author and date (MAR art. 20 wants a
 * recommendation's author named), written, changed and removed by support or compliance. Removing asks first.
 */
export function VipNotes() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const { page, update } = usePageParams([] as const);
  const notes = useQuery({
    queryKey: [...notesKey, page],
    queryFn: () => request(adminVipNotes, { page, size }),
  });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notesKey });
  const remove = useMutation({
    mutationFn: (note: Note) => request(adminVipNoteDelete, { id: note.id }),
    onSuccess: (_gone, note) => {
      setRemoving(null);
      showNotice('success', t('vipAdmin.noteDeleted', { title: note.title }));
      refresh();
    },
  });
  const writable = can(role, adminVipNoteSave);
  const deletable = can(role, adminVipNoteDelete);
  const list = notes.data?.list ?? [];

  return (
    <section aria-labelledby="vip-notes-title">
      <h2 id="vip-notes-title">{t('vipAdmin.notes')}</h2>
      <p className="muted">{t('vipAdmin.notesHint')}</p>
      {writable && editing === null && (
        <button type="button" onClick={() => setEditing('new')} data-testid="note-new">
          {t('vipAdmin.newNote')}
        </button>
      )}
      {editing !== null && (
        <NoteForm
          key={editing}
          note={list.find((n) => n.id === editing)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {notes.isPending && <p className="muted">{t('common.loading')}</p>}
      {notes.data && list.length === 0 && <p className="muted">{t('vipAdmin.noNotes')}</p>}
      {list.length > 0 && (
        <>
          <ul className={styles.notes} data-testid="notes-list">
            {list.map((n) => (
              <li key={n.id} className="card" data-testid={`note-${n.id}`}>
                <h3>{n.title}</h3>
                <p className="muted" data-testid={`note-meta-${n.id}`}>
                  {t('vipAdmin.noteMeta', {
                    kind: t(`vipNoteKind.${n.kind}`),
                    language: t(`lang.${n.language}`),
                    author: n.author,
                    date: formatTime(n.publishedAt, t('common.never')),
                  })}
                </p>
                <p className={styles.body}>{n.body}</p>
                {removing === n.id ? (
                  <fieldset className="confirm" data-testid="note-delete-box">
                    <legend data-testid="note-delete-text">
                      {t('vipAdmin.deleteNoteText', { title: n.title })}
                    </legend>
                    <button
                      type="button"
                      className="danger"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(n)}
                      data-testid="note-delete-confirm"
                    >
                      {t('vipAdmin.deleteNoteConfirm')}
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => setRemoving(null)}
                      data-testid="note-delete-cancel"
                    >
                      {t('common.cancel')}
                    </button>
                    <RefusalLine
                      error={remove.error}
                      testId="note-refusal"
                      alert
                      className={styles.refusal}
                    />
                  </fieldset>
                ) : (
                  <div className="row">
                    {writable && (
                      <button
                        type="button"
                        className="secondary"
                        disabled={editing !== null}
                        onClick={() => setEditing(n.id)}
                        data-testid={`note-edit-${n.id}`}
                      >
                        {t('vipAdmin.edit')}
                      </button>
                    )}
                    {deletable && (
                      <button
                        type="button"
                        className="danger"
                        onClick={() => {
                          remove.reset();
                          setRemoving(n.id);
                        }}
                        data-testid={`note-delete-${n.id}`}
                      >
                        {t('vipAdmin.deleteNote')}
                      </button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
          <Pager page={page} size={size} total={notes.data?.total ?? 0} onPage={(p) => update({ page: p })} />
        </>
      )}
    </section>
  );
}
