import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Bus } from '../src/market/bus';
import { createMemoryBus } from '../src/market/bus-memory';
import { openBus } from '../src/market/bus-open';
import { RedisBus } from '../src/market/bus-redis';
import { electLeader, RedisLeader } from '../src/platform/lease';

const redisUrl = 'redis://127.0.0.1:6379';
// A prefix of this run only: nothing of a previous or concurrent run is heard or seen.
const prefix = `piazza-test-${randomBytes(4).toString('hex')}:`;
const opened: { close(): Promise<void> }[] = [];

afterAll(async () => {
  for (const c of opened.reverse()) await c.close();
  const admin = new Redis(redisUrl);
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length > 0) await admin.del(...keys);
  await admin.quit();
});

async function redisBus(): Promise<RedisBus> {
  const bus = await RedisBus.connect(redisUrl, { prefix });
  opened.push(bus);
  return bus;
}

function collector() {
  const got: unknown[] = [];
  return { got, handler: (p: unknown) => got.push(p) };
}

async function until(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each([
  ['in-process', async () => createMemoryBus()],
  ['Redis', redisBus],
] as const)('the %s bus', (_name, open: () => Promise<Bus>) => {
  it('delivers a payload to every subscriber of the topic and to no other topic', async () => {
    const bus = await open();
    const a = collector();
    const b = collector();
    const other = collector();
    await bus.subscribe('ticker:ENI.MI', a.handler);
    await bus.subscribe('ticker:ENI.MI', b.handler);
    await bus.subscribe('ticker:ISP.MI', other.handler);
    await bus.publish('ticker:ENI.MI', { symbol: 'ENI.MI', last: '14.236' });
    await until(() => a.got.length === 1 && b.got.length === 1);
    expect(a.got).toEqual([{ symbol: 'ENI.MI', last: '14.236' }]);
    await sleep(50);
    expect(other.got).toEqual([]);
    await bus.close();
  });

  it('stops delivering to a handler once it unsubscribes, and keeps delivering to the others', async () => {
    const bus = await open();
    const a = collector();
    const b = collector();
    const offA = await bus.subscribe('book:ENI.MI', a.handler);
    await bus.subscribe('book:ENI.MI', b.handler);
    await offA();
    await bus.publish('book:ENI.MI', { n: 1 });
    await until(() => b.got.length === 1);
    await sleep(50);
    expect(a.got).toEqual([]);
    await bus.close();
  });

  it('delivers in the order published', async () => {
    const bus = await open();
    const a = collector();
    await bus.subscribe('trades:BTCUSDT', a.handler);
    for (let n = 0; n < 50; n++) await bus.publish('trades:BTCUSDT', { n });
    await until(() => a.got.length === 50);
    expect(a.got).toEqual(Array.from({ length: 50 }, (_, n) => ({ n })));
    await bus.close();
  });

  it('refuses a bigint payload, as money on the bus travels as decimal strings', async () => {
    const bus = await open();
    await expect(bus.publish('ticker:ENI.MI', { last: 14236n })).rejects.toThrow(TypeError);
    await bus.close();
  });

  it('ignores a publish after close instead of throwing during shutdown', async () => {
    const bus = await open();
    await bus.close();
    await expect(bus.publish('ticker:ENI.MI', {})).resolves.toBeUndefined();
  });
});

describe('the Redis bus across instances', () => {
  it('carries a payload from one connection to the subscribers of another', async () => {
    const one = await redisBus();
    const two = await redisBus();
    const got = collector();
    await two.subscribe('user:7', got.handler);
    await one.publish('user:7', { kind: 'balance', data: { asset: 'EUR' } });
    await until(() => got.got.length === 1);
    expect(got.got[0]).toEqual({ kind: 'balance', data: { asset: 'EUR' } });
  });

  it('is not heard by a bus with another prefix', async () => {
    const mine = await redisBus();
    const foreign = await RedisBus.connect(redisUrl, { prefix: `${prefix}other:` });
    opened.push(foreign);
    const got = collector();
    await foreign.subscribe('ticker:ENI.MI', got.handler);
    await mine.publish('ticker:ENI.MI', { n: 1 });
    await sleep(100);
    expect(got.got).toEqual([]);
  });

  it('is the bus the server opens when REDIS_URL is set, and the in-process one when not', async () => {
    const withRedis = await openBus(loadConfig({ REDIS_URL: redisUrl } as NodeJS.ProcessEnv));
    expect(withRedis).toBeInstanceOf(RedisBus);
    await withRedis.close();
    const without = await openBus(loadConfig({} as NodeJS.ProcessEnv));
    expect(without).not.toBeInstanceOf(RedisBus);
    await without.close();
  });

  it('fails to connect to a Redis that is not there', async () => {
    await expect(RedisBus.connect('redis://127.0.0.1:1', { prefix })).rejects.toThrow();
  });
});

describe('the feed leader', () => {
  const fast = { ttlMs: 1_000, renewMs: 300 };

  it('always leads on the in-process bus', async () => {
    const leader = electLeader(createMemoryBus());
    expect(leader.isLeader()).toBe(true);
    await leader.stop();
  });

  it('lets exactly one of two instances lead, and hands over within the renewal after a clean stop', async () => {
    const bus = await redisBus();
    const key = `${prefix}lock-clean`;
    const a = new RedisLeader(bus.commands, key, 'a', fast);
    await a.settled();
    const b = new RedisLeader(bus.commands, key, 'b', fast);
    await b.settled();
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    // Renewals keep the lease for longer than one TTL.
    await sleep(1_500);
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    expect(await bus.commands.get(key)).toBe('a');
    await a.stop();
    const stoppedAt = Date.now();
    await until(() => b.isLeader(), 2_000);
    expect(Date.now() - stoppedAt).toBeLessThanOrEqual(fast.renewMs + 200);
    expect(a.isLeader()).toBe(false);
    await b.stop();
    expect(await bus.commands.get(key)).toBeNull();
  });

  it('takes over within the TTL when the leader stops renewing without a word', async () => {
    const bus = await redisBus();
    const key = `${prefix}lock-crash`;
    const a = new RedisLeader(bus.commands, key, 'a', fast);
    await a.settled();
    const b = new RedisLeader(bus.commands, key, 'b', fast);
    await b.settled();
    a.abandon();
    const crashedAt = Date.now();
    expect(a.isLeader()).toBe(false);
    await until(() => b.isLeader(), 3_000);
    expect(Date.now() - crashedAt).toBeLessThanOrEqual(fast.ttlMs + fast.renewMs + 200);
    expect(await bus.commands.get(key)).toBe('b');
    await b.stop();
  });

  it('never lets two instances lead at the same moment', async () => {
    const bus = await redisBus();
    const key = `${prefix}lock-many`;
    const leaders = ['a', 'b', 'c', 'd'].map((id) => new RedisLeader(bus.commands, key, id, fast));
    await Promise.all(leaders.map((l) => l.settled()));
    let stopped = 0;
    const start = Date.now();
    while (Date.now() - start < 2_500) {
      expect(leaders.filter((l) => l.isLeader()).length).toBeLessThanOrEqual(1);
      // Stop whoever leads now and then, so leadership moves around.
      if (Date.now() - start > 600 * (stopped + 1)) {
        await leaders.find((l) => l.isLeader())?.stop();
        stopped++;
      }
      await sleep(20);
    }
    expect(stopped).toBeGreaterThan(1);
    for (const l of leaders) await l.stop();
  });
});
