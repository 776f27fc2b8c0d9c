import { prefetchRoute } from './route-table';

/**
 * Fetches a page's chunk as soon as a link to it is touched, pressed, hovered or focused (the tab bar, the
 * drawer, the home's entries), so that it has often arrived by the time the tap ends (decision 068). One
 * listener on the document: links need not know about it.
 */
export function prefetchOnIntent(): () => void {
  const onIntent = (e: Event) => {
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    prefetchRoute(link.pathname);
  };
  const events = ['pointerdown', 'pointerover', 'touchstart', 'focusin'] as const;
  for (const name of events) document.addEventListener(name, onIntent, { capture: true, passive: true });
  return () => {
    for (const name of events) document.removeEventListener(name, onIntent, { capture: true });
  };
}
