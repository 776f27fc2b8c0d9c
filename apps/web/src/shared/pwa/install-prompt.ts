import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in the DOM library: only Chromium browsers fire it). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

/**
 * Keeps the browser's install prompt for when the investor asks for it (the download pages' button). Called
 * once at start: the browser fires the event early, before any page that offers it is open.
 */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
}

/** Whether this page runs as the installed app (from the home screen), not in a browser tab. */
export function runsInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** The browser's install prompt when it offers one (Chromium), null elsewhere (Safari, Firefox) or once used. */
export function useInstallPrompt(): { available: boolean; install(): Promise<boolean> } {
  const available = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => deferred !== null,
  );
  return {
    available,
    async install() {
      const event = deferred;
      if (!event) return false;
      deferred = null;
      changed();
      await event.prompt();
      return (await event.userChoice).outcome === 'accepted';
    },
  };
}
