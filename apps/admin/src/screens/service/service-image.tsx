import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../shared/session';
import styles from './service.module.css';

/** An image of a conversation: the server hands it only to a request with the operator's token. */
export function ServiceImage({ url }: { url: string }) {
  const { t } = useTranslation();
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    fetch(url, { headers: { 'access-token': session.token() ?? '' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`image HTTP ${res.status}`);
        made = URL.createObjectURL(await res.blob());
        if (live) setObjectUrl(made);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  if (failed) return <span className="muted">{t('serviceAdmin.imageFailed')}</span>;
  if (!objectUrl) return <span className="muted">{t('common.loading')}</span>;
  return (
    <img className={styles.image} src={objectUrl} alt={t('serviceAdmin.image')} data-testid="inbox-image" />
  );
}
