import { adminContent, adminContentSave } from '@piazza/contract/calls/admin';
import { type ContentKey, contentKeys } from '@piazza/contract/content-keys';
import { type Language, languages } from '@piazza/contract/wire';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { request } from '../../shared/request';
import styles from './content.module.css';

/** The texts the investor app shows (company introduction, privacy policy, …), edited one language at a time. */
export default function ContentScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [key, setKey] = useState<ContentKey>(contentKeys[0]);
  const [language, setLanguageShown] = useState<Language>(languages[0]);
  const pages = useQuery({ queryKey: ['content'], queryFn: () => request(adminContent, {}) });
  const page = pages.data?.list.find((p) => p.key === key && p.language === language);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  useEffect(() => {
    setTitle(page?.title ?? '');
    setBody(page?.body ?? '');
  }, [page]);

  const save = useMutation({
    mutationFn: () => request(adminContentSave, { key, language, title, body }),
    onSuccess: () => {
      showNotice('success', t('content.saved'));
      void queryClient.invalidateQueries({ queryKey: ['content'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };

  return (
    <section aria-labelledby="content-title">
      <h1 id="content-title">{t('content.title')}</h1>
      <p className="muted">{t('content.hint')}</p>
      <div className="toolbar">
        <label>
          <span>{t('content.key')}</span>
          <select
            value={key}
            onChange={(e) => setKey(e.target.value as ContentKey)}
            data-testid="content-key"
          >
            {contentKeys.map((k) => (
              <option key={k} value={k}>
                {t(`contentKey.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('content.language')}</span>
          <select
            value={language}
            onChange={(e) => setLanguageShown(e.target.value as Language)}
            data-testid="content-language"
          >
            {languages.map((l) => (
              <option key={l} value={l}>
                {t(`lang.${l}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {pages.isPending && <p className="muted">{t('common.loading')}</p>}
      {pages.data && (
        <form className={`card ${styles.editor}`} onSubmit={submit}>
          <label>
            <span>{t('content.textTitle')}</span>
            <input
              required
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              data-testid="content-title"
            />
          </label>
          <label>
            <span>{t('content.body')}</span>
            <textarea
              rows={18}
              required
              value={body}
              onChange={(e) => setBody(e.target.value)}
              data-testid="content-body"
            />
          </label>
          <div className="row end">
            {page && (
              <span className="muted">{t('content.updated', { time: formatTime(page.updatedAt, '') })}</span>
            )}
            <button type="submit" disabled={save.isPending} data-testid="content-save">
              {t('common.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
