import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './app.module.css';

/** SPEC §9: a page that loads quickly shows no indicator at all. */
export const loadingIndicatorDelayMs = 200;

/** A loading indicator that appears only once loading has taken longer than the delay. */
export function DelayedIndicator() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), loadingIndicatorDelayMs);
    return () => window.clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <output className={styles.loading} aria-live="polite">
      <DotLoading color="primary" />
      <span className={styles.visuallyHidden}>{t('common.loading')}</span>
    </output>
  );
}
