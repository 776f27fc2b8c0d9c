import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from '../../shared/realtime/use-topic';
import styles from './notes.module.css';

/** Says so when live prices have stopped because the socket dropped; nothing while they flow. */
export function LiveNote() {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  if (status !== 'waiting') return null;
  return (
    <p className={styles.note} role="status" data-testid="live-reconnecting">
      {t('markets.live.reconnecting')}
    </p>
  );
}
