import './app/global.css';
import shellTexts from 'virtual:shell-texts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/app-routes';
import { loadDeferredShell } from './app/app-shell';
import { startEarlyCalls } from './app/early-calls';
import { prefetchRoute } from './app/route-table';
import { i18n } from './i18n/i18n';
import { startLanguage } from './i18n/language';
import { paths } from './shared/navigation/paths';
import { listenForInstallPrompt } from './shared/pwa/install-prompt';
import { registerServiceWorker } from './shared/pwa/service-worker';
import { readPersisted } from './shared/storage/persisted';

// The first page's first reads go out now, beside its chunks, not after them (decision 068, amendment).
startEarlyCalls(
  window.location.pathname === '/' ? paths.home : window.location.pathname,
  window.location.search,
);
// The offline shell and pushed notices (decision 040); the install prompt is kept for the download pages.
listenForInstallPrompt();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// The first download is the shell alone, with its own few texts (decision 068): the page the app opens on, the
// shell's deferred parts and the language's whole catalogue are chunks, fetched here side by side, and every
// page waits for them; the tab bar and the page's stand-in paint at once, with no key or other language shown.
await startLanguage(readPersisted('lang'), shellTexts);
// `/` enters the home tab (the index route does the same later): done before the first render, so the tab bar
// paints with it instead of waiting for the pages' deferred shell, inside which routes render.
if (window.location.pathname === '/') {
  window.history.replaceState(
    window.history.state,
    '',
    `${paths.home}${window.location.search}${window.location.hash}`,
  );
}
prefetchRoute(window.location.pathname);
loadDeferredShell().catch(() => undefined);
createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </I18nextProvider>
  </StrictMode>,
);
