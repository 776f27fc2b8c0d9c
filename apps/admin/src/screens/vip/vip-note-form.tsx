import { adminVipNoteSave, type adminVipNotes } from '@piazza/contract/calls/vip-admin';
import { vipNoteKinds } from '@piazza/contract/calls/vip-shapes';
import type { CallOutput } from '@piazza/contract/define';
import { type Language, languages } from '@piazza/contract/wire';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import styles from './vip.module.css';

export type Note = CallOutput<typeof adminVipNotes>['list'][number];
type Kind = Note['kind'];

/**
 * A research note: its kind, language, title, text and author (a recommendation names who wrote it). The
 * server dates it when saved. The refusal stays under the form until the next attempt.
 */
export function NoteForm({ note, onSaved, onCancel }: { note?: Note; onSaved(): void; onCancel(): void }) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<Kind>(note?.kind ?? 'ipo');
  const [language, setLanguage] = useState<Language>(note?.language ?? (i18n.language as Language));
  const [title, setTitle] = useState(note?.title ?? '');
  const [body, setBody] = useState(note?.body ?? '');
  const [author, setAuthor] = useState(note?.author ?? '');
  const save = useMutation({
    mutationFn: () =>
      request(adminVipNoteSave, { ...(note ? { id: note.id } : {}), kind, language, title, body, author }),
    onSuccess: (saved) => {
      showNotice('success', t('vipAdmin.noteSaved', { title: saved.title }));
      onSaved();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form className={styles.form} onSubmit={submit} data-testid="note-form">
      <label>
        <span>{t('vipAdmin.noteKind')}</span>
        <select value={kind} onChange={(e) => setKind(e.target.value as Kind)} data-testid="note-kind">
          {vipNoteKinds.map((k) => (
            <option key={k} value={k}>
              {t(`vipNoteKind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('vipAdmin.noteLanguage')}</span>
        <select
          value={language}
          onChange={(e) => setLanguage(e.target.value as Language)}
          data-testid="note-language"
        >
          {languages.map((l) => (
            <option key={l} value={l}>
              {t(`lang.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('vipAdmin.noteAuthor')}</span>
        <input
          value={author}
          maxLength={120}
          onChange={(e) => setAuthor(e.target.value)}
          data-testid="note-author"
        />
      </label>
      <label className={styles.wide}>
        <span>{t('vipAdmin.noteTitle')}</span>
        <input
          value={title}
          maxLength={120}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="note-title"
        />
      </label>
      <label className={styles.wide}>
        <span>{t('vipAdmin.noteBody')}</span>
        <textarea
          rows={8}
          maxLength={10_000}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-describedby="note-body-hint"
          data-testid="note-body"
        />
        <small className="muted" id="note-body-hint">
          {t('vipAdmin.noteBodyHint')}
        </small>
      </label>
      <div className={styles.actions}>
        <button type="submit" disabled={save.isPending} data-testid="note-save">
          {t(note ? 'vipAdmin.saveNote' : 'vipAdmin.createNote')}
        </button>
        <button type="button" className="secondary" onClick={onCancel} data-testid="note-cancel">
          {t('common.cancel')}
        </button>
      </div>
      <RefusalLine error={save.error} testId="note-form-refusal" alert className={styles.refusal} />
    </form>
  );
}
