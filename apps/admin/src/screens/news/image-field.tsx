import { adminContentImage } from '@piazza/contract/calls/content-news-admin';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../../i18n/i18n';
import { showNotice } from '../../shared/notices';
import { Refused } from '../../shared/request';
import { session } from '../../shared/session';
import styles from './news.module.css';

/** Sends one image to the upload call as a form; a refusal is shown as every other refusal is. */
async function uploadImage(file: File): Promise<{ id: string; url: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = session.token();
  if (token) headers['access-token'] = token;
  let body: { code: number; msg: string; data: unknown };
  try {
    const res = await fetch(`/ipcg-api${adminContentImage.path}`, { method: 'POST', headers, body: form });
    body = await res.json();
  } catch (err) {
    showNotice('error', i18n.t('network.failed'));
    throw err;
  }
  if (body.code === -1000) {
    session.end();
    throw new Refused(body.msg);
  }
  if (body.code !== 0) {
    showNotice('error', body.msg);
    throw new Refused(body.msg);
  }
  return adminContentImage.output.parse(body.data);
}

/** An image (a cover, a banner): the current one's preview and a file input that uploads a replacement. */
export function ImageField({
  label,
  url,
  onUploaded,
  testId,
}: {
  label: string;
  url: string | null;
  onUploaded(image: { id: string; url: string }): void;
  testId: string;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const upload = useMutation({ mutationFn: uploadImage, onSuccess: onUploaded });
  return (
    <label>
      <span>{label}</span>
      <input
        type="file"
        accept="image/jpeg,image/png"
        aria-describedby={hintId}
        disabled={upload.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload.mutate(file);
        }}
        data-testid={testId}
      />
      <small className="muted" id={hintId}>
        {upload.isPending ? t('common.loading') : t('newsAdmin.imageHint')}
      </small>
      {url && <img className={styles.preview} src={url} alt="" data-testid={`${testId}-preview`} />}
    </label>
  );
}
