import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock, Services } from '../../services';

/*
 * The transaction password unlocks trading for a while (decision 066). The app keeps sending the password
 * with every order; after a full argon2 check passed for a session, this remembers, in this process only,
 * a keyed hash of what was sent. A later order on the same session that sends the same password passes
 * without argon2, for as long as the unlock lives (15 minutes since its last use, 60 at most since the
 * argon2 check).
 *
 * The keyed hash is HMAC-SHA256 under a random key drawn when the process starts, over the session, the
 * stored argon2 hash and the stored lock instant, so:
 * - the key never leaves memory: what is kept here cannot be tried offline, even from a heap dump without
 *   the key, and a restart forgets every unlock;
 * - a password changed or reset (a new argon2 hash, new salt) or a lock (a new locked_until), on any
 *   instance, makes every remembered hash stop matching: the guard reads the row on every order anyway;
 * - anything else sent falls through to the full, counted check, so guessing is exactly as limited as before.
 * A revoked session or a user turned off never reaches the guard (the session lookup comes first); the
 * entries they leave are dropped by `lockTrading` where this module sees the event, and by expiry.
 */

/** The unlock lives this long after its last use... */
export const tradeUnlockIdleMs = 15 * 60_000;
/** ...and never longer than this after the argon2 check that opened it. */
export const tradeUnlockMaxMs = 60 * 60_000;
/** Sessions remembered at most per process; the least recently used is forgotten first. */
export const tradeUnlockMaxSessions = 50_000;

/** What the hash is bound to besides the password: the stored row, so a change or a lock ends the unlock. */
export interface PinStamp {
  pinHash: string;
  lockedUntil: Date | null;
}

interface Unlock {
  userId: number;
  mac: Buffer;
  openedAt: number;
  lastUsedAt: number;
}

export class TradeUnlocks {
  /** Off, every order pays argon2 (the benchmark's B side). */
  enabled = true;
  private readonly key = randomBytes(32);
  /** By session id, least recently used first (a Map keeps insertion order). */
  private readonly bySession = new Map<string, Unlock>();

  constructor(
    private readonly clock: Clock,
    private readonly limits = {
      idleMs: tradeUnlockIdleMs,
      maxMs: tradeUnlockMaxMs,
      maxSessions: tradeUnlockMaxSessions,
    },
  ) {}

  private mac(sessionId: bigint, stamp: PinStamp, password: string): Buffer {
    return createHmac('sha256', this.key)
      .update(`${sessionId}\u0000${stamp.pinHash}\u0000${stamp.lockedUntil?.getTime() ?? 0}\u0000${password}`)
      .digest();
  }

  /** Whether this session is unlocked for this password and this stored row; a match counts as use. */
  passes(sessionId: bigint, userId: number, stamp: PinStamp, password: string): boolean {
    if (!this.enabled) return false;
    const key = String(sessionId);
    const unlock = this.bySession.get(key);
    if (!unlock) return false;
    const now = this.clock.now();
    if (
      unlock.userId !== userId ||
      now - unlock.lastUsedAt >= this.limits.idleMs ||
      now - unlock.openedAt >= this.limits.maxMs
    ) {
      this.bySession.delete(key);
      return false;
    }
    if (!timingSafeEqual(unlock.mac, this.mac(sessionId, stamp, password))) return false;
    unlock.lastUsedAt = now;
    this.bySession.delete(key);
    this.bySession.set(key, unlock);
    return true;
  }

  /** A full argon2 check of this password passed on this session: trading is unlocked for a while. */
  open(sessionId: bigint, userId: number, stamp: PinStamp, password: string): void {
    if (!this.enabled) return;
    const key = String(sessionId);
    const now = this.clock.now();
    this.bySession.delete(key);
    this.bySession.set(key, {
      userId,
      mac: this.mac(sessionId, stamp, password),
      openedAt: now,
      lastUsedAt: now,
    });
    while (this.bySession.size > this.limits.maxSessions) {
      const oldest = this.bySession.keys().next().value;
      if (oldest === undefined) break;
      this.bySession.delete(oldest);
    }
  }

  /** Locks one session again (logout, revoke, a wrong password sent on it). */
  lockSession(sessionId: bigint): void {
    this.bySession.delete(String(sessionId));
  }

  /** Locks every session of a user (a password changed or reset, the user turned off). */
  lockUser(userId: number): void {
    for (const [key, unlock] of this.bySession) if (unlock.userId === userId) this.bySession.delete(key);
  }

  /** Sessions unlocked now (for tests and the benchmark). */
  get size(): number {
    return this.bySession.size;
  }
}

/** One store per server (keyed by its database: tests run several servers in one process). */
const stores = new WeakMap<object, TradeUnlocks>();

export function tradeUnlocksOf(services: Pick<Services, 'db' | 'clock'>): TradeUnlocks {
  let store = stores.get(services.db);
  if (!store) {
    store = new TradeUnlocks(services.clock);
    stores.set(services.db, store);
  }
  return store;
}

/**
 * Locks trading again where an event ends the right to it: a session (logout, revoke) or every session of a
 * user (password reset, status turned off). Other modules call it through the security module's face.
 */
export function lockTrading(
  services: Pick<Services, 'db' | 'clock'>,
  who: { sessionId: bigint } | { userId: number },
): void {
  const store = tradeUnlocksOf(services);
  if ('sessionId' in who) store.lockSession(who.sessionId);
  else store.lockUser(who.userId);
}
