import type { Clock } from '../../services';

interface Entry<V> {
  value: Promise<V>;
  /** Until the load settles, never: callers asking meanwhile share the one request. */
  expiresAtMs: number;
}

/**
 * Answers by key for a time each value chooses, loading each key once however many ask at the same moment.
 * A failed load is forgotten at once, so the next caller tries again. At most `maxEntries` are kept; the
 * least recently used goes first.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly clock: Clock,
    private readonly maxEntries: number,
  ) {}

  get(key: string, load: () => Promise<V>, ttlMs: (value: V) => number): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && this.clock.now() < hit.expiresAtMs) {
      // Re-inserted so the Map's order stays least recently used first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const entry: Entry<V> = { value: load(), expiresAtMs: Number.POSITIVE_INFINITY };
    this.entries.delete(key);
    this.entries.set(key, entry);
    entry.value.then(
      (v) => {
        entry.expiresAtMs = this.clock.now() + ttlMs(v);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return entry.value;
  }
}
