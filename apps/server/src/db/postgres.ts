import pg from 'pg';
import { type Db, type Queryable, toParams, withBeforeCommit } from './db';

const parseInt8 = (v: string) => BigInt(v);

/** int8 → bigint for every query of this pool, without touching pg's global parsers. */
const typeParsers = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20) return parseInt8;
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as unknown as pg.CustomTypesConfig;

export async function openPostgres(url: string, poolMax = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle connection the server ends (restart, failover, a database dropped with force) is removed from the
  // pool and the next query opens a new one; unhandled, pg would raise it as an uncaught exception instead.
  pool.on('error', () => undefined);
  const on = (client: pg.PoolClient | pg.Pool): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const res = await client.query({ text: sql, values: toParams(params), types: typeParsers });
      return res.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  await pool.query('select 1');
  return {
    kind: 'postgres',
    url,
    query: (sql, params) => on(pool).query(sql, params),
    exec: (sql) => on(pool).exec(sql),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { tx, flush } = withBeforeCommit(on(client));
        const result = await fn(tx);
        await flush();
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
