import type { Clock } from '../services';

interface Held<T> {
  value: T;
  /** When it was read: the wall clock bounds the age, and the server's clock too when a test moves it. */
  wallMs: number;
  clockMs: number;
}

/**
 * Rows read from the database in the last few seconds (decision 067): the sessions an authenticated call
 * names, a user's login info. Only found rows are held. A burst of reads of one key asks the database once.
 * Whatever forgets rows bumps an epoch, so a read already under way — which may have read them before the
 * change — answers its callers but is not kept. Until `listening` is set (the bus subscription that says
 * what to forget holds), nothing is held, so no change can go unheard.
 */
export class FreshCache<K, T> {
  private readonly held = new Map<K, Held<T>>();
  private readonly pending = new Map<K, Promise<T | undefined>>();
  private epoch = 0;
  listening = false;

  constructor(
    private readonly clock: Clock,
    private readonly maxAgeMs: number,
    /** Past this many rows, the stale ones are swept, and all of them if that is not enough. */
    private readonly maxRows: number,
  ) {}

  read(key: K, find: () => Promise<T | undefined>): Promise<T | undefined> {
    if (!this.listening) return find();
    const wallMs = Date.now();
    const clockMs = this.clock.now();
    const held = this.held.get(key);
    if (held) {
      const fresh =
        wallMs - held.wallMs < this.maxAgeMs &&
        clockMs >= held.clockMs &&
        clockMs - held.clockMs < this.maxAgeMs;
      if (fresh) return Promise.resolve(held.value);
      this.held.delete(key);
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const epoch = this.epoch;
    const lookup = find().then(
      (value) => {
        if (this.pending.get(key) === lookup) this.pending.delete(key);
        if (value !== undefined && epoch === this.epoch) {
          if (this.held.size >= this.maxRows) this.sweep(wallMs);
          this.held.set(key, { value, wallMs, clockMs });
        }
        return value;
      },
      (err: unknown) => {
        if (this.pending.get(key) === lookup) this.pending.delete(key);
        throw err;
      },
    );
    this.pending.set(key, lookup);
    return lookup;
  }

  /** Forgets one key, and keeps no read under way. */
  forgetKey(key: K): void {
    this.epoch++;
    this.held.delete(key);
    this.pending.delete(key);
  }

  /** Forgets every row that `matches`, and keeps no read under way of any key. */
  forgetWhere(matches: (value: T) => boolean): void {
    this.epoch++;
    this.pending.clear();
    for (const [key, held] of this.held) if (matches(held.value)) this.held.delete(key);
  }

  private sweep(wallMs: number): void {
    for (const [key, held] of this.held) if (wallMs - held.wallMs >= this.maxAgeMs) this.held.delete(key);
    if (this.held.size >= this.maxRows) this.held.clear();
  }
}
