import { ConfigProvider } from 'antd-mobile';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { DrawerProvider } from '../features/drawer/drawer-context';
import { TabBar } from '../features/tab-bar/tab-bar';
import { isTabPath } from '../features/tab-bar/tabs';
import { antdLocales } from '../i18n/antd-locale';
import { OfflineBanner } from '../shared/pwa/offline-banner';
import { SessionWatch } from '../shared/realtime/session-watch';
import { refreshLoginInfo } from '../shared/session/session';
import { readPersisted, usePersisted } from '../shared/storage/persisted';
import styles from './app.module.css';

/** The centred mobile column every page renders in, with the tab bar on the five tab pages. */
export function AppShell() {
  const { pathname } = useLocation();
  const lang = usePersisted('lang');
  const withTabBar = isTabPath(pathname);

  useEffect(() => {
    // A stored session is checked once at start: a revoked token is dropped, a disabled user signed out.
    if (readPersisted('userToken')) refreshLoginInfo({ silent: true }).catch(() => undefined);
  }, []);

  // A new page starts at its top; the previous page's scroll position means nothing there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose at each page change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <ConfigProvider locale={antdLocales[lang]}>
      <DrawerProvider>
        <div className={withTabBar ? `${styles.column} ${styles.withTabBar}` : styles.column}>
          <OfflineBanner />
          <Outlet />
          {withTabBar && <TabBar />}
          <SessionWatch />
        </div>
      </DrawerProvider>
    </ConfigProvider>
  );
}
