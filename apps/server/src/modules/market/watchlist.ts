import type { Queryable } from '../../db/db';
import { Refusal } from '../../platform/refusal';

/** Enough for every instrument we quote; a bound so one account cannot grow the table without end. */
export const watchlistSizeMax = 200;

/** Adds a symbol to the user's watchlist; a symbol already there stays as it was (same time added). */
export async function watch(q: Queryable, userId: number, symbol: string, nowMs: number): Promise<void> {
  const added = await q.query(
    `insert into watchlist_items (user_id, symbol, created_at)
     select $1, $2, $4 where (select count(*) from watchlist_items where user_id = $1) < $3
     on conflict (user_id, symbol) do nothing
     returning symbol`,
    [userId, symbol, watchlistSizeMax, new Date(nowMs)],
  );
  if (added.length > 0 || (await isWatched(q, userId, symbol))) return;
  throw new Refusal('watchlist.full', [watchlistSizeMax]);
}

export async function unwatch(q: Queryable, userId: number, symbol: string): Promise<void> {
  await q.query('delete from watchlist_items where user_id = $1 and symbol = $2', [userId, symbol]);
}

export async function isWatched(q: Queryable, userId: number, symbol: string): Promise<boolean> {
  const rows = await q.query('select 1 from watchlist_items where user_id = $1 and symbol = $2', [
    userId,
    symbol,
  ]);
  return rows.length > 0;
}

/** The user's watchlist, most recently added first. */
export async function watchlist(
  q: Queryable,
  userId: number,
): Promise<{ symbol: string; addedAt: number }[]> {
  const rows = await q.query<{ symbol: string; createdAt: Date }>(
    `select symbol, created_at as "createdAt" from watchlist_items where user_id = $1
      order by created_at desc, symbol`,
    [userId],
  );
  return rows.map((r) => ({ symbol: r.symbol, addedAt: r.createdAt.getTime() }));
}
