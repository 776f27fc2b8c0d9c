import type { Db, Queryable } from './db';

/** The server's clock, as the database layer needs it. */
export interface ServerClock {
  now(): number;
}

/**
 * `db` with the server's clock in every transaction (decision 043): each transaction first sets the
 * transaction-local `piazza.now`, which `piazza_now()` (migration 170) reads for every recorded time, so a
 * journal entry carries the same instant as the order the server stamped, under DEMO_CLOCK_START or a test's
 * clock. A statement outside a transaction that may record a time runs in one of its own for the same
 * reason. The server wraps its database so only when its clock is not the real one; with the real clock
 * piazza_now() is the database's now(), the same clock but for the hosts' drift, and nothing is added.
 */
export function onServerClock(db: Db, clock: ServerClock): Db {
  const stamp = (q: Queryable) =>
    q.query(`select set_config('piazza.now', $1, true)`, [new Date(clock.now()).toISOString()]);
  const tx: Db['tx'] = (fn) =>
    db.tx(async (q) => {
      await stamp(q);
      return fn(q);
    });
  return {
    ...db,
    tx,
    // A lone SELECT records nothing: it needs the clock only if it reads piazza_now() itself. Skipping the
    // others' transaction keeps the demo seed and the many reads of a page at one statement each.
    query: (sql, params) => (readsNoClock(sql) ? db.query(sql, params) : tx((q) => q.query(sql, params))),
    exec: (sql) => tx((q) => q.exec(sql)),
  };
}

function readsNoClock(sql: string): boolean {
  return /^\s*select\b/i.test(sql) && !sql.includes('piazza_now');
}
