import type { Queryable } from '../db/db';
import type { Bus } from '../market/bus';
import { FreshCache } from '../platform/fresh-cache';
import type { Clock } from '../services';

/**
 * Rows about one user held in memory for a few seconds, and the one signal that drops them (decision 067,
 * "Login info from memory"). A module that writes a column such a row shows calls `userChanged` once its
 * change is committed: this instance forgets the user at once, before the call answers, and the others as
 * the bus topic `users:changed` reaches them. A writer that forgets to say so is covered by the age limit:
 * no row is believed longer than `userRowCacheMs`.
 */

/** How long a user's row read from the database is believed without asking again: as the session cache. */
export const userRowCacheMs = 5_000;
/** The bus topic on which every instance hears that a user's row changed. */
export const usersChangedTopic = 'users:changed';
/** Past this many held rows, the expired ones are swept (and all of them, if that is not enough). */
const userRowCacheMax = 20_000;

interface Log {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** One kind of row per user (login info's, for one), held by user id (`FreshCache`: see there what is kept). */
export type UserRowCache<T> = FreshCache<number, T>;

const cachesByDb = new WeakMap<Queryable, Set<UserRowCache<unknown>>>();

/**
 * A cache of one kind of row per user for the server of `services`, dropped by `userChanged` here and by the
 * bus from the other instances. A module makes one when it mounts its routes.
 */
export function cacheUserRows<T>(services: {
  db: Queryable;
  bus: Bus;
  clock: Clock;
  log: Log;
}): UserRowCache<T> {
  const cache: UserRowCache<T> = new FreshCache(services.clock, userRowCacheMs, userRowCacheMax);
  let caches = cachesByDb.get(services.db);
  if (!caches) {
    caches = new Set();
    cachesByDb.set(services.db, caches);
  }
  caches.add(cache as UserRowCache<unknown>);
  services.bus
    .subscribe(usersChangedTopic, (payload) => {
      const userId = (payload as { userId?: unknown }).userId;
      if (typeof userId === 'number') cache.forgetKey(userId);
    })
    .then(
      () => {
        cache.listening = true;
      },
      (err: unknown) =>
        services.log.warn({ err }, 'user rows are not cached: the bus refused the subscription'),
    );
  return cache;
}

/**
 * Says that a user's row changed, after the change is committed: every cache of this instance forgets the user
 * before returning, so their very next call reads the new row; the other instances forget them as the bus
 * delivers. Every writer of a column a cached row shows calls it (decision 067).
 */
export async function userChanged(
  services: { db: Queryable; bus: Bus; log: Log },
  userId: number,
): Promise<void> {
  for (const cache of cachesByDb.get(services.db) ?? []) cache.forgetKey(userId);
  try {
    await services.bus.publish(usersChangedTopic, { userId });
  } catch (err) {
    // The other instances still let go within userRowCacheMs; this one already has.
    services.log.warn({ err, userId }, 'a user changed but the bus could not say so');
  }
}
