import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { RedisBus } from '../src/market/bus-redis';
import { catalogue } from '../src/market/catalogue/catalogue';
import { createMarketService, type MarketService } from '../src/market/market-service';
import { createSimulator, simulatorSeedDefault } from '../src/market/sim/simulator';
import { publishUserEvent } from '../src/realtime/user-events';
import type { Clock } from '../src/services';
import { freshDatabase } from './helper';
import { registerInvestor } from './identity-steps';
import { type RealtimeApp, sleep, startRealtimeApp, sundayClock, TestSocket, until } from './realtime-steps';

/*
 * THE two-instance test (issue 3 item 5): two server instances on one database and one Redis, as two
 * processes behind a load balancer would run. Exactly one leads the feed; a client of either instance gets
 * the same ticks, of that one leader; when the leader stops, the other takes over within the lock's TTL.
 */

const redisUrl = 'redis://127.0.0.1:6379';
// This run's own channels and keys: nothing of a previous or concurrent run is heard or taken over.
const prefix = `piazza-test-${randomBytes(4).toString('hex')}:`;
const leaderTtlMs = 5_000;

let db: Db & { drop(): Promise<void> };
const buses: RedisBus[] = [];
const apps: RealtimeApp[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(async () => {
  for (const s of sockets) await s.close();
  for (const a of apps) await a.close().catch(() => {});
  for (const b of buses) await b.close();
  await db.drop();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** The simulator's market, counting the quotes the instance computes: only a leader computes them each second. */
function countingMarket(clock: Clock): { market: MarketService; asked: { quotes: number } } {
  const simulator = createSimulator({ seed: simulatorSeedDefault, instruments: catalogue, clock });
  const inner = createMarketService({ instruments: catalogue, feeds: [simulator], clock });
  const asked = { quotes: 0 };
  const market: MarketService = {
    ...inner,
    quote(symbol, atMs) {
      asked.quotes++;
      return inner.quote(symbol, atMs);
    },
  };
  return { market, asked };
}

async function instance(clock: Clock) {
  const bus = await RedisBus.connect(redisUrl, { prefix });
  buses.push(bus);
  const { market, asked } = countingMarket(clock);
  const app = await startRealtimeApp({ db, bus, clock, market, env: { REDIS_URL: redisUrl } });
  apps.push(app);
  return { app, asked };
}

async function subscribed(url: string, topics: string[]): Promise<TestSocket> {
  const s = await TestSocket.open(url);
  sockets.push(s);
  expect(await s.ask({ op: 'subscribe', topics })).toMatchObject({ op: 'ack' });
  return s;
}

const timeOf = (m: { data: unknown }) => (m.data as { time: number }).time;

describe('two instances on one Redis', () => {
  it('one leads the feed, both deliver its ticks, and the other takes over when it stops', async () => {
    const clock = sundayClock();
    const one = await instance(clock);
    const two = await instance(clock);
    const instances = [one, two];

    // Exactly one computes quotes (about 90 instruments a second); the other computes none.
    await until(() => one.asked.quotes + two.asked.quotes > 0, 5_000, 'a leader');
    await sleep(200);
    for (const i of instances) i.asked.quotes = 0;
    // A full round of the catalogue (a busy machine may take longer than a second for one).
    await until(
      () => Math.max(one.asked.quotes, two.asked.quotes) >= catalogue.length,
      6_000,
      'a full round of quotes',
    );
    const leader = one.asked.quotes > 0 ? one : two;
    const follower = leader === one ? two : one;
    expect(leader.asked.quotes).toBeGreaterThanOrEqual(catalogue.length);
    expect(follower.asked.quotes).toBe(0);

    // A client on each instance hears the same ticks: the leader's, once each.
    const onLeader = await subscribed(leader.app.url, ['ticker:BTCUSDT']);
    const onFollower = await subscribed(follower.app.url, ['ticker:BTCUSDT']);
    await until(
      () => onLeader.of('ticker:BTCUSDT').length >= 4 && onFollower.of('ticker:BTCUSDT').length >= 4,
      6_000,
      'four ticks on each',
    );
    const leaderTicks = onLeader.of('ticker:BTCUSDT').map((m) => m.data);
    const followerTicks = onFollower.of('ticker:BTCUSDT').map((m) => m.data);
    const commonFrom = Math.max(timeOf({ data: leaderTicks[0] }), timeOf({ data: followerTicks[0] }));
    const since = (ticks: unknown[]) => ticks.filter((d) => timeOf({ data: d }) > commonFrom);
    const shared = Math.min(since(leaderTicks).length, since(followerTicks).length);
    expect(shared).toBeGreaterThanOrEqual(2);
    expect(since(followerTicks).slice(0, shared)).toEqual(since(leaderTicks).slice(0, shared));
    // One leader means one tick a second, not two.
    const times = followerTicks.map((d) => timeOf({ data: d }));
    expect(new Set(times).size).toBe(times.length);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(500);

    // Interest crosses instances: a book wanted on the follower is computed by the leader.
    const bookOnFollower = await subscribed(follower.app.url, ['book:BTCUSDT']);
    await until(() => bookOnFollower.of('book:BTCUSDT').length >= 2, 4_000, 'books on the follower');
    const book = bookOnFollower.of('book:BTCUSDT')[0]!.data as { symbol: string; bids: unknown[] };
    expect(book.symbol).toBe('BTCUSDT');
    expect(book.bids).toHaveLength(20);

    // A user event published on one instance reaches the user's socket on the other.
    const investor = await registerInvestor(leader.app.app, 'cluster@example.it');
    const userSocket = await subscribed(follower.app.url, ['user']);
    expect(await userSocket.ask({ op: 'auth', token: investor.token })).toMatchObject({ op: 'authed' });
    await publishUserEvent(leader.app.bus, investor.user.id, 'balance', { asset: 'EUR', amount: '5.00' });
    await until(() => userSocket.of('user').length === 1, 3_000, 'the user event');
    expect(userSocket.of('user')[0]?.data).toEqual({
      kind: 'balance',
      data: { asset: 'EUR', amount: '5.00' },
    });

    // The leader stops (a deploy): it gives the lock up, and the follower leads within the TTL.
    follower.asked.quotes = 0;
    const stoppedAt = Date.now();
    await leader.app.close();
    const firstTick = await onFollower.next(
      (m) => 'topic' in m && m.topic === 'ticker:BTCUSDT' && m.receivedAt > stoppedAt,
      leaderTtlMs + 2_000,
    );
    expect(firstTick.receivedAt - stoppedAt).toBeLessThan(leaderTtlMs);
    expect(follower.asked.quotes).toBeGreaterThan(0);
    const stamp = new Redis(redisUrl);
    try {
      expect(await stamp.get(`${prefix}feed-leader`)).not.toBeNull();
    } finally {
      await stamp.quit();
    }
  });
});
