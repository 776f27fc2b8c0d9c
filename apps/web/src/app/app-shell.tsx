import { ConfigProvider } from 'antd-mobile';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { TabBar } from '../features/tab-bar/tab-bar';
import { isTabPath } from '../features/tab-bar/tabs';
import { antdLocales } from '../i18n/antd-locale';
import { catalogueReady } from '../i18n/language';
import { OfflineBanner } from '../shared/pwa/offline-banner';
import { readPersisted, usePersisted } from '../shared/storage/persisted';
import { KeyboardBridge } from '../shared/ui/keyboard-bridge';
import { LayerFocus } from '../shared/ui/layer-focus';
import { ToastAnnouncer } from '../shared/ui/live-region';
import { requestPageFocus } from '../shared/ui/page-focus';
import styles from './app.module.css';
import { PageSkeleton } from './delayed-indicator';
import { ChunkFailed, loadOnce } from './lazy-page';
import { prefetchOnIntent } from './prefetch-on-intent';
import { SkipLink } from './skip-link';

type DeferredShell = typeof import('./deferred-shell');

/**
 * The shell's parts that need zod (deferred-shell.ts), one chunk fetched at start, and the language's whole
 * catalogue: what every page waits for (decision 068).
 */
export const loadDeferredShell = loadOnce(() =>
  Promise.all([import('./deferred-shell'), catalogueReady()]).then(([shell]) => shell),
);

/** The deferred parts once they have arrived; a failure (offline, a new deployment) can be retried. */
function useDeferredShell(): { shell?: DeferredShell; failed: boolean; retry: () => void } {
  const [shell, setShell] = useState<DeferredShell>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    let current = true;
    setFailed(false);
    loadDeferredShell().then(
      (mod) => current && setShell(mod),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  return { shell, failed, retry: () => setAttempt((n) => n + 1) };
}

/** The centred mobile column every page renders in, with the tab bar on the five tab pages. */
export function AppShell() {
  const { pathname } = useLocation();
  const lang = usePersisted('lang');
  const withTabBar = isTabPath(pathname);
  const { shell, failed, retry } = useDeferredShell();

  useEffect(() => {
    // A stored session is checked once at start: a revoked token is dropped, a disabled user signed out.
    if (readPersisted('userToken'))
      loadDeferredShell()
        .then((mod) => mod.refreshLoginInfo({ silent: true }))
        .catch(() => undefined);
  }, []);

  useEffect(() => prefetchOnIntent(), []);

  // A new page starts at its top; the previous page's scroll position means nothing there. Its title takes the
  // focus (not at the first page: the browser starts there); asked for in a layout effect, which runs before
  // the new page's own effects, where the title takes it.
  const firstPath = useRef(pathname);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    if (pathname !== firstPath.current) requestPageFocus();
    firstPath.current = '';
  }, [pathname]);

  // Animations follow the system's reduced-motion setting once the pages' animation library is in.
  useEffect(() => shell?.followReducedMotion(), [shell]);

  // The pages live inside the query cache and the drawer's provider, so they wait for the deferred chunk (fetched
  // at start beside the first page's); the tab bar and the banners paint without it.
  let pages = <PageSkeleton />;
  if (shell) {
    pages = (
      <shell.QueryClientProvider client={shell.queryClient}>
        <shell.DrawerProvider>
          <Outlet />
        </shell.DrawerProvider>
        <shell.SessionWatch />
      </shell.QueryClientProvider>
    );
  } else if (failed) pages = <ChunkFailed onRetry={retry} />;

  return (
    <ConfigProvider locale={antdLocales[lang]}>
      <SkipLink />
      <div className={withTabBar ? `${styles.column} ${styles.withTabBar}` : styles.column}>
        <OfflineBanner />
        {pages}
        {withTabBar && <TabBar />}
        <ToastAnnouncer />
        <LayerFocus />
        <KeyboardBridge />
      </div>
    </ConfigProvider>
  );
}
