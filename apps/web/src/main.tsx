import './app/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toast, unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/app-routes';
import { i18n } from './i18n/i18n';
import { applyLanguage } from './i18n/language';
import { queryClient } from './shared/api/query-client';
import { listenForInstallPrompt } from './shared/pwa/install-prompt';
import { registerServiceWorker } from './shared/pwa/service-worker';
import { readPersisted } from './shared/storage/persisted';

// antd-mobile renders Toast and Dialog with ReactDOM.render, which React 19 removed: give it createRoot.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    root.unmount();
  };
});
/** SPEC §9: toasts show for two seconds unless they are server messages. */
Toast.config({ duration: 2000 });

// The offline shell and pushed notices (decision 040); the install prompt is kept for the download pages.
listenForInstallPrompt();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// The first render waits for the persisted language's catalogue (only English is a separate chunk).
await applyLanguage(readPersisted('lang'));
createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </I18nextProvider>
  </StrictMode>,
);
