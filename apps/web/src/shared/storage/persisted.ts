import { useSyncExternalStore } from 'react';
import { type PersistedKey, type PersistedValue, persistedKeys } from './persisted-keys';

/*
 * The app's persisted keys (SPEC §3) in localStorage, as JSON. Reads are parsed with each key's schema, so a
 * value written by an older build or edited by hand falls back to the default instead of breaking a page.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
const cache = new Map<PersistedKey, unknown>();

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Private modes and sandboxed frames may refuse storage; the app still works for the session.
    return undefined;
  }
}

function parse<K extends PersistedKey>(key: K, raw: string | null): PersistedValue<K> {
  const { schema, fallback } = persistedKeys[key];
  if (raw === null) return fallback as PersistedValue<K>;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return (parsed.success ? parsed.data : fallback) as PersistedValue<K>;
  } catch {
    return fallback as PersistedValue<K>;
  }
}

export function readPersisted<K extends PersistedKey>(key: K): PersistedValue<K> {
  if (cache.has(key)) return cache.get(key) as PersistedValue<K>;
  const value = parse(key, storage()?.getItem(key) ?? null);
  cache.set(key, value);
  return value;
}

function notify() {
  for (const l of listeners) l();
}

export function writePersisted<K extends PersistedKey>(key: K, value: PersistedValue<K>): void {
  cache.set(key, value);
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full quota loses persistence, not the in-memory value.
  }
  notify();
}

/** Removes keys from storage; reading them again gives their defaults. */
export function removePersisted(...keys: PersistedKey[]): void {
  for (const key of keys) {
    cache.delete(key);
    storage()?.removeItem(key);
  }
  notify();
}

/** Calls `listener` after any persisted key changes, in this tab or another (code outside React). */
export function subscribePersisted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out, or switching language, is seen here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null) cache.clear();
    else cache.delete(e.key as PersistedKey);
    notify();
  });
}

/** A persisted key as React state: the component re-renders when it changes, in this tab or another. */
export function usePersisted<K extends PersistedKey>(key: K): PersistedValue<K> {
  return useSyncExternalStore(subscribePersisted, () => readPersisted(key));
}
