import { adminNoticeSave, type adminNotices } from '@piazza/contract/calls/notices';
import type { CallOutput } from '@piazza/contract/define';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import styles from './notices.module.css';

export type Notice = CallOutput<typeof adminNotices>['list'][number];

/** A `datetime-local` value (the operator's own clock) for an instant, and back. */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};
const instantOf = (value: string) => (value ? new Date(value).getTime() : Number.NaN);

/**
 * A notice in both languages (plain text: investors see exactly these characters), when it is published and
 * when it ends, for everyone or one investor, and whether it opens once as a dialog. The server checks it all
 * and the refusal stays under the form.
 */
export function NoticeForm({
  notice,
  nowMs,
  onSaved,
  onCancel,
}: {
  notice?: Notice;
  nowMs: number;
  onSaved(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [titleIt, setTitleIt] = useState(notice?.titleIt ?? '');
  const [titleEn, setTitleEn] = useState(notice?.titleEn ?? '');
  const [bodyIt, setBodyIt] = useState(notice?.bodyIt ?? '');
  const [bodyEn, setBodyEn] = useState(notice?.bodyEn ?? '');
  const [investor, setInvestor] = useState(notice?.userId ? String(notice.userId) : '');
  const [dialog, setDialog] = useState(notice?.dialog ?? false);
  const [publishAt, setPublishAt] = useState(localInput(notice?.publishAt ?? nowMs));
  const [expireAt, setExpireAt] = useState(notice?.expireAt ? localInput(notice.expireAt) : '');
  const save = useMutation({
    mutationFn: () =>
      request(adminNoticeSave, {
        ...(notice ? { id: notice.id } : {}),
        titleIt,
        titleEn,
        bodyIt,
        bodyEn,
        userId: investor.trim() === '' ? null : investor.trim(),
        dialog: dialog ? 1 : 0,
        publishAt: Number.isNaN(instantOf(publishAt)) ? '' : instantOf(publishAt),
        expireAt: expireAt === '' ? null : instantOf(expireAt),
      }),
    onSuccess: (saved) => {
      showNotice('success', t('noticesAdmin.saved', { title: saved.titleIt }));
      onSaved();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const line = (id: string, label: string, value: string, set: (v: string) => void) => (
    <label>
      <span>{label}</span>
      <input value={value} maxLength={120} onChange={(e) => set(e.target.value)} data-testid={id} />
    </label>
  );
  const area = (id: string, label: string, value: string, set: (v: string) => void) => (
    <label className={styles.wide}>
      <span>{label}</span>
      <textarea
        rows={6}
        maxLength={5000}
        value={value}
        onChange={(e) => set(e.target.value)}
        data-testid={id}
      />
    </label>
  );
  return (
    <form className={styles.form} onSubmit={submit} data-testid="notice-form">
      {line('notice-title-it', t('noticesAdmin.titleIt'), titleIt, setTitleIt)}
      {line('notice-title-en', t('noticesAdmin.titleEn'), titleEn, setTitleEn)}
      {area('notice-body-it', t('noticesAdmin.bodyIt'), bodyIt, setBodyIt)}
      {area('notice-body-en', t('noticesAdmin.bodyEn'), bodyEn, setBodyEn)}
      <small className={`muted ${styles.wide}`}>{t('noticesAdmin.plainText')}</small>
      <label>
        <span>{t('noticesAdmin.publishAt')}</span>
        <input
          type="datetime-local"
          value={publishAt}
          onChange={(e) => setPublishAt(e.target.value)}
          data-testid="notice-publish"
        />
      </label>
      <label>
        <span>{t('noticesAdmin.expireAt')}</span>
        <input
          type="datetime-local"
          value={expireAt}
          onChange={(e) => setExpireAt(e.target.value)}
          data-testid="notice-expire"
        />
      </label>
      <label>
        <span>{t('noticesAdmin.investor')}</span>
        <input
          inputMode="numeric"
          value={investor}
          placeholder={t('noticesAdmin.everyone')}
          onChange={(e) => setInvestor(e.target.value)}
          data-testid="notice-investor"
        />
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={dialog}
          onChange={(e) => setDialog(e.target.checked)}
          data-testid="notice-dialog"
        />
        <span>{t('noticesAdmin.dialog')}</span>
      </label>
      <div className={styles.actions}>
        <button type="submit" disabled={save.isPending} data-testid="notice-save">
          {t(notice ? 'noticesAdmin.save' : 'noticesAdmin.publish')}
        </button>
        <button type="button" className="secondary" onClick={onCancel} data-testid="notice-cancel">
          {t('common.cancel')}
        </button>
      </div>
      <RefusalLine error={save.error} testId="notice-form-refusal" alert className={styles.refusal} />
    </form>
  );
}
