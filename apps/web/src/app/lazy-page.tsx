import { Button } from 'antd-mobile';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../shared/ui/page';
import styles from './app.module.css';
import { PageSkeleton } from './delayed-indicator';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** SPEC §9: a page's code that has not arrived after this long counts as failed, and can be retried. */
export const pageLoadTimeoutMs = 60_000;

const loaded = new Map<PageLoader, ComponentType>();

/**
 * A loader that fetches once however often it is asked (a prefetch, then the visit); after a failure the next
 * call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}

/**
 * A page's loader for LazyPage: fetched once, and once it has arrived (a prefetch on intent, decision 068) the
 * page renders at its first render, without a frame of its stand-in.
 */
export function pageLoader(load: PageLoader): PageLoader {
  const once: PageLoader = loadOnce(() =>
    load().then((mod) => {
      loaded.set(once, mod.default);
      return mod;
    }),
  );
  return once;
}

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
 * A route's page (give it the route's path as key), fetched on first visit unless a prefetch already did: a
 * skeleton meanwhile (its indicator only after 200 ms), and when the chunk cannot be fetched a message with a
 * retry (a new deployment or a dropped connection, not a bug of the page).
 */
export function LazyPage({ load }: { load: PageLoader }) {
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
  if (failed) return <ChunkFailed onRetry={() => setAttempt((n) => n + 1)} />;
  return <PageSkeleton />;
}

/**
 * A chunk that could not be fetched (a new deployment or a dropped connection): said so, with a retry. Part of
 * the first download, so plain text rather than antd-mobile's illustrated ErrorBlock (40 kB of pictures).
 */
export function ChunkFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Page title={t('route.chunkFailed.title')}>
      <div className={styles.centered}>
        <p className={styles.failedText}>{t('route.chunkFailed.text')}</p>
        <Button color="primary" onClick={onRetry} data-testid="page-retry">
          {t('common.retry')}
        </Button>
      </div>
    </Page>
  );
}
