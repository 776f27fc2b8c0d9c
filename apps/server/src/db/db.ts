/**
 * The one database port. PGlite (embedded, one connection) and PostgreSQL (a pool) both implement it, so
 * every query is written once, in SQL that runs on PostgreSQL 15 and on PGlite.
 *
 * Types crossing it: int8 → bigint (money is never a JS number), numeric → string, timestamptz → Date.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Only on the Queryable a transaction hands its function: runs `fn` on the transaction after the function
   * resolved and just before COMMIT, in the order registered (a failure rolls everything back). The ledger
   * moves the platform's balances there (decision 020). A wrapper that does not pass it on simply lacks it.
   */
  beforeCommit?(fn: () => Promise<void>): void;
}

/** A transaction's Queryable with its `beforeCommit` list, and the call that runs that list. */
export function withBeforeCommit(q: Queryable): { tx: Queryable; flush(): Promise<void> } {
  const pending: (() => Promise<void>)[] = [];
  return {
    tx: { query: q.query.bind(q), exec: q.exec.bind(q), beforeCommit: (fn) => void pending.push(fn) },
    async flush() {
      // A hook may register another (an entry posted by a hook): run until none is left.
      while (pending.length > 0) await (pending.shift() as () => Promise<void>)();
    },
  };
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection string (the job library opens its own pool on it); PGlite has none. */
  readonly url?: string;
  /** Runs `fn` in one transaction: committed if it resolves, rolled back if it throws. */
  tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The pool's connections, for the metrics (PostgreSQL; PGlite is one connection and has none). */
  poolUse?(): { total: number; idle: number; waiting: number };
}

/** bigint parameters travel as text: both drivers accept it for int8 and numeric columns. */
export function toParams(params: readonly unknown[] = []): unknown[] {
  return params.map((p) => (typeof p === 'bigint' ? p.toString() : p));
}

/** The first row, or undefined. */
export async function one<T>(q: Queryable, sql: string, params?: readonly unknown[]): Promise<T | undefined> {
  const rows = await q.query<T>(sql, params);
  return rows[0];
}
