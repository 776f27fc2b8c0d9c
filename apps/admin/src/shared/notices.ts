import { useSyncExternalStore } from 'react';

export interface Notice {
  id: number;
  kind: 'error' | 'success';
  text: string;
}

/** How long a notice stays: long enough to read a sentence naming a field or a rule. */
const noticeMs = 6000;

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Notice[]): void {
  notices = next;
  for (const l of listeners) l();
}

/** Forgets every notice: a new session starts with a clean slate. */
export function clearNotices(): void {
  publish([]);
}

export function dismissNotice(id: number): void {
  publish(notices.filter((n) => n.id !== id));
}

/** Shows a message at the top of the page for a few seconds. */
export function showNotice(kind: Notice['kind'], text: string): void {
  const id = nextId++;
  publish([...notices.slice(-2), { id, kind, text }]);
  setTimeout(() => dismissNotice(id), noticeMs);
}

export function useNotices(): Notice[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => notices,
  );
}
