import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './app.module.css';

/** SPEC §9: a page that loads quickly shows no indicator at all. */
export const loadingIndicatorDelayMs = 200;

/** Whether loading has taken longer than the indicator's delay. */
function useDelayPassed(): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setPassed(true), loadingIndicatorDelayMs);
    return () => window.clearTimeout(timer);
  }, []);
  return passed;
}

/** A loading indicator that appears only once loading has taken longer than the delay. */
export function DelayedIndicator() {
  const { t } = useTranslation();
  if (!useDelayPassed()) return null;
  return (
    <output className={styles.loading} aria-live="polite">
      <DotLoading color="primary" />
      <span className={styles.visuallyHidden}>{t('common.loading')}</span>
    </output>
  );
}

/**
 * What stands where a page is still arriving (decision 068): it fills the column's height at once, so nothing
 * around it moves when the page replaces it (CLS), and after the indicator's delay it shows a page's bar, a
 * few grey blocks and the indicator (SPEC §9: a page that loads quickly shows no indicator at all).
 */
export function PageSkeleton() {
  const { t } = useTranslation();
  const shown = useDelayPassed();
  return (
    <div className={styles.skeleton} data-testid="page-skeleton">
      {shown && (
        <>
          <div className={styles.skeletonBar} />
          <div className={styles.skeletonBlocks}>
            <div className={styles.skeletonBlock} />
            <div className={styles.skeletonBlock} />
            <div className={styles.skeletonBlock} />
          </div>
          <output className={styles.loading} aria-live="polite">
            <DotLoading color="primary" />
            <span className={styles.visuallyHidden}>{t('common.loading')}</span>
          </output>
        </>
      )}
    </div>
  );
}
