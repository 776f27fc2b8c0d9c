import { useTranslation } from 'react-i18next';
import styles from './offline-banner.module.css';
import { useOnline } from './online';

/**
 * A line at the top of every page while the browser is offline: what the page shows may be old, and what it
 * sends will not go. The app's shell still opens offline (the service worker), so this is what says why.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className={styles.banner} role="status" data-testid="offline-banner">
      <strong>{t('pwa.offline.title')}</strong> {t('pwa.offline.body')}
    </div>
  );
}
