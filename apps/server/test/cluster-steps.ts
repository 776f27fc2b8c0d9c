import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Db } from '../src/db/db';
import { RedisBus } from '../src/market/bus-redis';
import type { MarketService } from '../src/market/market-service';
import type { Clock } from '../src/services';
import { freshDatabase } from './helper';
import { type RealtimeApp, sleep, startRealtimeApp } from './realtime-steps';

/*
 * Several server instances on one database and one Redis, as a scaled-out deployment runs (DESIGN.md §13):
 * each listens on its own port with its own bus connection; the Redis keys live under a prefix of this run
 * only, removed at the end with the database.
 */

export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Cluster {
  db: Db;
  prefix: string;
  instance(): Promise<RealtimeApp>;
  close(): Promise<void>;
}

export async function startCluster(opts: { clock: Clock; market: MarketService }): Promise<Cluster> {
  const prefix = `piazza-test-${randomBytes(4).toString('hex')}:`;
  const db = await freshDatabase();
  const buses: RedisBus[] = [];
  const apps: RealtimeApp[] = [];
  return {
    db,
    prefix,
    async instance() {
      const bus = await RedisBus.connect(redisUrl, { prefix });
      buses.push(bus);
      const app = await startRealtimeApp({ db, bus, ...opts, env: { REDIS_URL: redisUrl } });
      apps.push(app);
      return app;
    },
    async close() {
      for (const a of apps) await a.close().catch(() => {});
      for (const b of buses) await b.close();
      await db.drop();
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  };
}

/** Waits for an async condition, polling. */
export async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
