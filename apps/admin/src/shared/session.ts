import { useSyncExternalStore } from 'react';
import { clearNotices } from './notices';

/** The operator's token: the back office's own key, never the investor app's `userToken`. */
const tokenKey = 'adminToken';

const listeners = new Set<() => void>();

export const session = {
  token(): string | null {
    return localStorage.getItem(tokenKey);
  },
  start(token: string): void {
    localStorage.setItem(tokenKey, token);
    clearNotices();
    for (const l of listeners) l();
  },
  end(): void {
    localStorage.removeItem(tokenKey);
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The current token, re-rendering when the session starts or ends (in this tab or another). */
export function useToken(): string | null {
  return useSyncExternalStore(session.subscribe, session.token);
}

window.addEventListener('storage', (e) => {
  if (e.key === tokenKey) for (const l of listeners) l();
});
