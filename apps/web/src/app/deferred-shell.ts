import { Toast, unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';

/*
 * The parts of the shell that only pages need, or that need the contract's schemas (zod) or the realtime
 * socket: the query cache, the drawer (login-info, the unread notices), the session watch on the user channel,
 * the start-up check of a stored session, the settings of toasts, dialogs and animations. One chunk, fetched at start
 * beside the first page's chunk and the catalogue, so that none of it (zod, react-query, the animation library)
 * is in the first download (decision 068). Every page renders inside it.
 */
export { QueryClientProvider } from '@tanstack/react-query';
export { DrawerProvider } from '../features/drawer/drawer-context';
export { queryClient } from '../shared/api/query-client';
export { SessionWatch } from '../shared/realtime/session-watch';
export { refreshLoginInfo } from '../shared/session/session';
export { followReducedMotion } from '../shared/ui/motion';

// Toasts and dialogs come from pages and the drawer, which all wait for this chunk: their settings live here.

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
