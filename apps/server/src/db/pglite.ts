import { PGlite } from '@electric-sql/pglite';
import { type Db, type Queryable, toParams, withBeforeCommit } from './db';

const parsers = { 20: (v: string) => BigInt(v) };

/**
 * PGlite is one connection: two transactions would interleave on it. Every statement therefore runs under
 * one in-process queue, and a transaction holds the queue until it ends (STACK.md).
 */
export async function openPglite(source: { dataDir?: string; loadDataDir?: Blob }): Promise<Db> {
  const pg = await PGlite.create({ dataDir: source.dataDir, loadDataDir: source.loadDataDir, parsers });
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  const raw: Queryable = {
    async query<T>(sql: string, params?: readonly unknown[]) {
      const res = await pg.query<T>(sql, toParams(params));
      return res.rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
  };
  return {
    kind: 'pglite',
    query: (sql, params) => exclusive(() => raw.query(sql, params)),
    exec: (sql) => exclusive(() => raw.exec(sql)),
    tx: (fn) =>
      exclusive(async () => {
        await pg.query('BEGIN');
        try {
          const { tx, flush } = withBeforeCommit(raw);
          const result = await fn(tx);
          await flush();
          await pg.query('COMMIT');
          return result;
        } catch (err) {
          await pg.query('ROLLBACK');
          throw err;
        }
      }),
    close: () => exclusive(() => pg.close()),
    dump: () => exclusive(() => pg.dumpDataDir('none')),
  } as Db & { dump(): Promise<Blob | File> };
}
