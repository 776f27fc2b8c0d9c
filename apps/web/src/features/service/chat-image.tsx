import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBase } from '../../shared/api/request';
import { readPersisted } from '../../shared/storage/persisted';
import styles from './chat.module.css';

/**
 * An image of the conversation. The server hands it only to a request carrying the investor's token, so it is
 * fetched and shown from a local object URL (the policy allows blob: images).
 */
async function fetchImage(url: string): Promise<string> {
  const serverBase = '/ipcg-api';
  const absolute = url.startsWith(serverBase) ? apiBase + url.slice(serverBase.length) : url;
  const res = await fetch(absolute, { headers: { 'access-token': readPersisted('userToken') } });
  if (!res.ok) throw new Error(`image HTTP ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

export function ChatImage({ url }: { url: string }) {
  const { t } = useTranslation();
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    fetchImage(url)
      .then((u) => {
        made = u;
        if (live) setObjectUrl(u);
        else URL.revokeObjectURL(u);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  if (failed) return <span className={styles.imageFailed}>{t('service.imageFailed')}</span>;
  if (!objectUrl) return <span className={styles.imageLoading}>{t('common.loading')}</span>;
  return (
    <img className={styles.image} src={objectUrl} alt={t('service.imageAlt')} data-testid="chat-image" />
  );
}
