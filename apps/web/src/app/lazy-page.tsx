import { Button, ErrorBlock } from 'antd-mobile';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../shared/ui/page';
import styles from './app.module.css';
import { DelayedIndicator } from './delayed-indicator';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** SPEC §9: a page's code that has not arrived after this long counts as failed, and can be retried. */
export const pageLoadTimeoutMs = 60_000;

const loaded = new Map<PageLoader, ComponentType>();

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(`page load timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        window.clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/**
 * A route's page (give it the route's path as key), fetched on first visit: an indicator only after 200 ms, and when the chunk cannot be
 * fetched a message with a retry (a new deployment or a dropped connection, not a bug of the page).
 */
export function LazyPage({ load }: { load: PageLoader }) {
  const { t } = useTranslation();
  const [Component, setComponent] = useState<ComponentType | undefined>(() => loaded.get(load));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    const cached = loaded.get(load);
    if (cached) {
      setComponent(() => cached);
      return;
    }
    let current = true;
    setFailed(false);
    withTimeout(load(), pageLoadTimeoutMs).then(
      (mod) => {
        loaded.set(load, mod.default);
        if (current) setComponent(() => mod.default);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  if (Component) return <Component />;
  if (failed) {
    return (
      <Page title={t('route.chunkFailed.title')}>
        <div className={styles.centered}>
          <ErrorBlock
            status="disconnected"
            title={t('route.chunkFailed.title')}
            description={t('route.chunkFailed.text')}
          />
          <Button color="primary" onClick={() => setAttempt((n) => n + 1)} data-testid="page-retry">
            {t('common.retry')}
          </Button>
        </div>
      </Page>
    );
  }
  return <DelayedIndicator />;
}
