/**
 * Registers the app's service worker (src/service-worker/sw.ts, built to /sw.js): the offline shell and the
 * pushed notices. Only in a built app: the dev server has no sw.js, and a worker there would serve stale code.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  });
}

/** Whether this browser can receive pushed notices at all (service worker, push manager, notifications). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The worker's registration once it is active; undefined when there is none (dev server, blocked). */
export async function activeRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration) return undefined;
  return navigator.serviceWorker.ready;
}
