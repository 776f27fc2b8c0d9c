import type { Config } from '../config';
import type { Bus } from './bus';
import { createMemoryBus } from './bus-memory';
import { RedisBus } from './bus-redis';

/** Redis pub/sub when REDIS_URL is set (several instances), else the in-process bus (DESIGN.md §6). */
export async function openBus(config: Config, onError?: (err: unknown, topic: string) => void): Promise<Bus> {
  if (config.redisUrl) return RedisBus.connect(config.redisUrl, { onError });
  return createMemoryBus(onError);
}
