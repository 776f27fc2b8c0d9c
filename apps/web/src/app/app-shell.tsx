import { ConfigProvider } from 'antd-mobile';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { DrawerProvider } from '../features/drawer/drawer-context';
import { TabBar } from '../features/tab-bar/tab-bar';
import { isTabPath } from '../features/tab-bar/tabs';
import { antdLocales } from '../i18n/antd-locale';
import { OfflineBanner } from '../shared/pwa/offline-banner';
import { SessionWatch } from '../shared/realtime/session-watch';
import { refreshLoginInfo } from '../shared/session/session';
import { readPersisted, usePersisted } from '../shared/storage/persisted';
import { KeyboardBridge } from '../shared/ui/keyboard-bridge';
import { LayerFocus } from '../shared/ui/layer-focus';
import { ToastAnnouncer } from '../shared/ui/live-region';
import { followReducedMotion } from '../shared/ui/motion';
import { requestPageFocus } from '../shared/ui/page-focus';
import styles from './app.module.css';
import { SkipLink } from './skip-link';

/** The centred mobile column every page renders in, with the tab bar on the five tab pages. */
export function AppShell() {
  const { pathname } = useLocation();
  const lang = usePersisted('lang');
  const withTabBar = isTabPath(pathname);

  useEffect(() => {
    // A stored session is checked once at start: a revoked token is dropped, a disabled user signed out.
    if (readPersisted('userToken')) refreshLoginInfo({ silent: true }).catch(() => undefined);
  }, []);

  // A new page starts at its top; the previous page's scroll position means nothing there. Its title takes the
  // focus (not at the first page: the browser starts there); asked for in a layout effect, which runs before
  // the new page's own effects, where the title takes it.
  const firstPath = useRef(pathname);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    if (pathname !== firstPath.current) requestPageFocus();
    firstPath.current = '';
  }, [pathname]);

  useEffect(() => followReducedMotion(), []);

  return (
    <ConfigProvider locale={antdLocales[lang]}>
      <DrawerProvider>
        <SkipLink />
        <div className={withTabBar ? `${styles.column} ${styles.withTabBar}` : styles.column}>
          <OfflineBanner />
          <Outlet />
          {withTabBar && <TabBar />}
          <SessionWatch />
          <ToastAnnouncer />
          <LayerFocus />
          <KeyboardBridge />
        </div>
      </DrawerProvider>
    </ConfigProvider>
  );
}
