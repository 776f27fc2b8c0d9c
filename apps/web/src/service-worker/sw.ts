/*
 * The investor app's service worker (issue 15 item 7, decision 040), hand-written and built into dist/sw.js
 * by build-plugin.ts, which fills in the shell's files and the cache's version.
 *
 * - Install: caches the app shell (index.html, every script and style of the build — each page's chunk
 *   too, so any page opens offline —, the manifest and icons), so the app opens with the network cut and says
 *   itself that it is offline.
 * - Fetch: a page navigation goes to the network and falls back to the cached shell; the build's files and
 *   the icons are served from the cache (a hashed file never changes under its name). Nothing else is
 *   touched: the API (/ipcg-api, personal data) and every other origin go straight to the network, never
 *   into a cache.
 * - Push: shows a personal notice the server pushed (modules/push); a tap opens the notice in the app.
 */

declare const __PIAZZA_SHELL__: readonly string[];
declare const __PIAZZA_VERSION__: string;

// The worker's own types (the app is compiled against the DOM library, not the worker one).
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(answer: Promise<Response> | Response): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification & { data: unknown };
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (e: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (e: NotificationEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const cachePrefix = 'piazza-shell-';
const cacheName = `${cachePrefix}${__PIAZZA_VERSION__}`;
/** Where the shell's page is kept: index.html as the server answers `/`. */
const shellKey = '/';

worker.addEventListener('install', (e) => {
  e.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      await cache.addAll([shellKey, ...__PIAZZA_SHELL__]);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(cachePrefix) && name !== cacheName) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (e) => {
  const request = e.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (url.pathname.startsWith('/ipcg-api') || url.pathname.startsWith('/admin')) return;
  if (request.mode === 'navigate') {
    e.respondWith(pageOrShell(request));
    return;
  }
  e.respondWith(keptFile(request, url.pathname.startsWith('/assets/')));
});

/** A page: the network's answer, or with the network cut the cached shell (the app routes it itself). */
async function pageOrShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (failure) {
    const shell = await caches.match(shellKey, { cacheName });
    if (shell) return shell;
    throw failure;
  }
}

/**
 * A file of the shell from the cache, anything else from the network; a build file (hashed, never changed
 * under its name) the shell did not hold is kept for next time.
 */
async function keptFile(request: Request, buildFile: boolean): Promise<Response> {
  const cache = await caches.open(cacheName);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (buildFile && answer.ok) await cache.put(request, answer.clone());
  return answer;
}

worker.addEventListener('push', (e) => {
  const message = pushMessage(e.data?.json());
  if (!message) return;
  e.waitUntil(
    worker.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icon-192.png',
      data: { url: message.url },
    }),
  );
});

function pushMessage(data: unknown): { title: string; body: string; url: string } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url } = data as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  // Only a page of this app opens from a notification.
  const target = typeof url === 'string' && url.startsWith('/pages/') ? url : '/';
  return { title, body, url: target };
}

worker.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const data = e.notification.data as { url?: string } | null;
  const url = data?.url ?? '/';
  e.waitUntil(
    (async () => {
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows[0];
      if (open) {
        await open.navigate(url);
        await open.focus();
      } else await worker.clients.openWindow(url);
    })(),
  );
});
