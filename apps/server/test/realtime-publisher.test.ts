import { afterEach, describe, expect, it } from 'vitest';
import type { Bus } from '../src/market/bus';
import { createMemoryBus } from '../src/market/bus-memory';
import type { Leadership } from '../src/platform/lease';
import { InterestBoard } from '../src/realtime/interest';
import { LivePublisher } from '../src/realtime/publisher';
import { TestClock } from './helper';
import { FakeMarket, sleep } from './realtime-steps';

/*
 * The feed leader's loop, driven tick by tick on the in-process bus with a fake market: what it publishes,
 * when, and only while it leads.
 */

const silent = { warn: () => {} };
let stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops) await stop();
  stops = [];
});

function leadership(leading: boolean): Leadership & { leading: boolean } {
  return {
    instanceId: 'test',
    leading,
    isLeader() {
      return this.leading;
    },
    stop: async () => {},
  };
}

async function setUp(opts: { leading?: boolean; closedEveryMs?: number } = {}) {
  const bus = createMemoryBus();
  const warnings: string[] = [];
  const log = {
    warn: (fields: Record<string, unknown>, message: string) => {
      warnings.push(`${message} ${String(fields.topic)}`);
    },
  };
  const market = new FakeMarket();
  const clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
  const leader = leadership(opts.leading ?? true);
  const board = new InterestBoard((topics) => void publisher.publishNow(topics));
  await board.listen(bus);
  const publisher = new LivePublisher({
    bus,
    source: market,
    leader,
    interest: board,
    clock,
    log,
    timings: { everyMs: 1_000, closedEveryMs: opts.closedEveryMs ?? 30_000 },
  });
  stops.push(
    () => publisher.stop(),
    () => board.stop(),
    () => bus.close(),
  );
  const heard = await listen(bus, [
    'ticker:BTCUSDT',
    'ticker:ENI.MI',
    'book:BTCUSDT',
    'book:ENI.MI',
    'trades:BTCUSDT',
    'candles:1m:BTCUSDT',
  ]);
  return { bus, market, clock, leader, board, publisher, heard, warnings };
}

async function listen(bus: Bus, topics: string[]) {
  const heard = new Map<string, unknown[]>(topics.map((t) => [t, []]));
  for (const topic of topics) await bus.subscribe(topic, (p) => heard.get(topic)!.push(p));
  return {
    count: (topic: string) => heard.get(topic)!.length,
    all: (topic: string) => heard.get(topic)! as Record<string, unknown>[],
  };
}

describe('the live publisher', () => {
  it('publishes the ticker of an open instrument every tick, with the quote at the clock time', async () => {
    const { clock, publisher, heard } = await setUp();
    for (let i = 0; i < 3; i++) {
      await publisher.tick();
      clock.advance(1_000);
    }
    expect(heard.all('ticker:BTCUSDT').map((q) => q.last)).toEqual(['4380.00', '4380.01', '4380.02']);
    expect(heard.all('ticker:BTCUSDT')[0]).toMatchObject({ symbol: 'BTCUSDT', status: 'open' });
  });

  it('repeats a closed instrument only every closedEveryMs, and at once when it opens', async () => {
    const { market, publisher, heard } = await setUp({ closedEveryMs: 300 });
    await publisher.tick();
    await publisher.tick();
    expect(heard.count('ticker:ENI.MI')).toBe(1);
    await sleep(320);
    await publisher.tick();
    expect(heard.count('ticker:ENI.MI')).toBe(2);
    market.eniOpen = true;
    await publisher.tick();
    await publisher.tick();
    expect(heard.all('ticker:ENI.MI').map((q) => q.status)).toEqual(['closed', 'closed', 'open', 'open']);
  });

  it('publishes nothing while another instance leads, and a full round when it leads again', async () => {
    const { leader, publisher, heard, market } = await setUp();
    leader.leading = false;
    await publisher.tick();
    expect(heard.count('ticker:BTCUSDT')).toBe(0);
    expect(market.quotesAsked).toBe(0);
    leader.leading = true;
    await publisher.tick();
    expect(heard.count('ticker:BTCUSDT')).toBe(1);
    expect(heard.count('ticker:ENI.MI')).toBe(1);
  });

  it('computes books, trades and candles only for topics some instance announced', async () => {
    const { publisher, board, heard } = await setUp();
    await publisher.tick();
    expect(
      heard.count('book:BTCUSDT') + heard.count('trades:BTCUSDT') + heard.count('candles:1m:BTCUSDT'),
    ).toBe(0);
    board.hear({ instance: 'i1', topics: ['book:BTCUSDT', 'candles:1m:BTCUSDT'], ttlMs: 60_000 });
    await sleep(10);
    // The first message of a newly wanted topic goes out at once, not at the next tick.
    expect(heard.count('book:BTCUSDT')).toBe(1);
    expect(heard.all('candles:1m:BTCUSDT')[0]).toMatchObject({ symbol: 'BTCUSDT', interval: '1m' });
    await publisher.tick();
    expect(heard.count('book:BTCUSDT')).toBe(2);
    expect(heard.count('candles:1m:BTCUSDT')).toBe(2);
    expect(heard.count('book:ENI.MI')).toBe(0);
    expect(heard.count('trades:BTCUSDT')).toBe(0);
  });

  it('stops computing a topic when its announcement lapses or its instance says it wants nothing', async () => {
    const { publisher, board, heard } = await setUp();
    board.hear({ instance: 'i1', topics: ['book:BTCUSDT'], ttlMs: 100 });
    board.hear({ instance: 'i2', topics: ['trades:BTCUSDT'], ttlMs: 60_000 });
    await sleep(150);
    const books = heard.count('book:BTCUSDT');
    const trades = heard.count('trades:BTCUSDT');
    await publisher.tick();
    expect(heard.count('book:BTCUSDT')).toBe(books);
    expect(heard.count('trades:BTCUSDT')).toBe(trades);
    board.hear({ instance: 'i2', topics: [], ttlMs: 60_000 });
    expect(board.topics().size).toBe(0);
  });

  it('sends the latest trades first, then only the trades printed since, newest first, none twice', async () => {
    const { clock, publisher, board, heard } = await setUp();
    board.hear({ instance: 'i1', topics: ['trades:BTCUSDT'], ttlMs: 60_000 });
    await sleep(10);
    const first = heard.all('trades:BTCUSDT')[0] as { list: { id: string; time: number }[] };
    expect(first.list).toHaveLength(20);
    expect(first.list[0]?.time).toBe(clock.now());
    clock.advance(1_000);
    await publisher.tick();
    clock.advance(250);
    await publisher.tick();
    const [, second, third] = heard.all('trades:BTCUSDT') as { list: { id: string; time: number }[] }[];
    expect(second?.list.map((t) => t.time - clock.now())).toEqual([
      -250, -350, -450, -550, -650, -750, -850, -950, -1050, -1150,
    ]);
    expect(third?.list.map((t) => t.time - clock.now())).toEqual([-50, -150]);
    // A tick with no new trade sends no empty message.
    await publisher.tick();
    expect(heard.count('trades:BTCUSDT')).toBe(3);
  });

  it('keeps ticking the other instruments when one fails, and says so once until it recovers', async () => {
    const { market, publisher, heard, warnings } = await setUp();
    const quote = market.quote.bind(market);
    let down = true;
    market.quote = async (symbol, atMs) => {
      if (symbol === 'BTCUSDT' && down) throw new Error('feed hiccup');
      return quote(symbol, atMs);
    };
    await publisher.tick();
    await publisher.tick();
    expect(heard.count('ticker:BTCUSDT')).toBe(0);
    expect(heard.count('ticker:ENI.MI')).toBe(1);
    expect(warnings).toEqual(['live publish failed ticker:BTCUSDT']);
    down = false;
    await publisher.tick();
    expect(heard.count('ticker:BTCUSDT')).toBe(1);
    expect(warnings).toEqual(['live publish failed ticker:BTCUSDT', 'live publish recovered ticker:BTCUSDT']);
  });

  it('sends every instrument of a round at once, not one after the answer of the other', async () => {
    const bus = createMemoryBus();
    // A bus whose publishes are answered only when the test says so, like a slow Redis round trip.
    const inFlight: string[] = [];
    const answers: (() => void)[] = [];
    const slowBus: Bus = {
      publish: (topic, payload) => {
        inFlight.push(topic);
        return new Promise<void>((resolve) => answers.push(() => resolve(bus.publish(topic, payload))));
      },
      subscribe: (topic, handler) => bus.subscribe(topic, handler),
      close: () => bus.close(),
    };
    const publisher = new LivePublisher({
      bus: slowBus,
      source: new FakeMarket(),
      leader: leadership(true),
      interest: new InterestBoard(),
      clock: new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0)),
      log: silent,
    });
    stops.push(
      () => publisher.stop(),
      () => bus.close(),
    );
    const heard = await listen(bus, ['ticker:BTCUSDT', 'ticker:ENI.MI']);
    const round = publisher.tick();
    await sleep(20);
    // Both tickers are on their way before either was answered.
    expect(inFlight.sort()).toEqual(['ticker:BTCUSDT', 'ticker:ENI.MI']);
    for (const answer of answers) answer();
    await round;
    expect(heard.count('ticker:BTCUSDT') + heard.count('ticker:ENI.MI')).toBe(2);
  });

  it('ticks by itself once started, and stops', async () => {
    const bus = createMemoryBus();
    const market = new FakeMarket();
    const board = new InterestBoard();
    const publisher = new LivePublisher({
      bus,
      source: market,
      leader: leadership(true),
      interest: board,
      clock: { now: () => Date.now() },
      log: silent,
      timings: { everyMs: 50, closedEveryMs: 30_000 },
    });
    const heard = await listen(bus, ['ticker:BTCUSDT']);
    publisher.start();
    await sleep(230);
    await publisher.stop();
    const count = heard.count('ticker:BTCUSDT');
    expect(count).toBeGreaterThanOrEqual(3);
    await sleep(120);
    expect(heard.count('ticker:BTCUSDT')).toBe(count);
    await bus.close();
  });
});
