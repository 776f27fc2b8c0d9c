/*
 * How many ticks a second the engines can evaluate against 100,000 resting limit orders, and against
 * 100,000 armed triggers (take profit, stop loss, liquidation), spread over 100 symbols, on a random-walk
 * price feed (issue 6 item 6, issue 7 item 4): through the price-ordered indexes
 * (apps/server/src/platform/engine), next to a full scan of every order on each tick and a scan of the ticked
 * symbol's own orders, in the same run on the same feed.
 *
 * Each tick moves one symbol's price. What it reaches is filled or fired and, to keep 100,000 resting,
 * placed again at a fresh level 0.05–5 % away from the new price (what new orders and positions would do).
 * Each scan is checked against the index on the same ticks: the same orders reached at the same ticks.
 * Every measurement runs in a fresh worker thread, so none inherits another's compiled code or heap.
 *
 *   npx tsx bench/trigger-index.ts
 *
 * Bounded: each measurement stops after its tick count or 8 seconds, whichever comes first; the whole
 * run gives up after three minutes.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  OrderIndex,
  type OrderSide,
  type RestingOrder,
} from '../apps/server/src/platform/engine/order-index';
import {
  type PriceTrigger,
  type TriggerDirection,
  TriggerIndex,
} from '../apps/server/src/platform/engine/trigger-index';

const SYMBOL_COUNT = 100;
const RESTING = 100_000;
const FEED_TICKS = 400_000;
const BUDGET_MS = 8_000;
const HARD_LIMIT_MS = 180_000;

const symbols = Array.from({ length: SYMBOL_COUNT }, (_, i) => `SYM${String(i).padStart(3, '0')}`);
// Prices in minor units of four decimals: 10.0000 up to 109.0000.
const startPrices = symbols.map((_, i) => 100_000n + BigInt(i) * 10_000n);

/** mulberry32: a small seeded generator, so every run walks the same feed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A hash of two integers, so a re-placed level depends on what and when, never on the order of firing. */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2f);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The feed: which symbol ticks and its new price; each step at most ±0.1 % of the price. */
const feedSymbol = new Uint8Array(isMainThread ? 0 : FEED_TICKS);
const feedPrice = new BigInt64Array(isMainThread ? 0 : FEED_TICKS);
if (!isMainThread) {
  const next = random(2026);
  const prices = [...startPrices];
  for (let t = 0; t < FEED_TICKS; t++) {
    const s = Math.floor(next() * SYMBOL_COUNT);
    const price = prices[s] as bigint;
    const price2 = price + BigInt(Math.round((next() * 2 - 1) * Number(price) * 0.001));
    prices[s] = price2;
    feedSymbol[t] = s;
    feedPrice[t] = price2;
  }
}

/** Entry `n` is placed above the price when even (a sell limit, an at-or-above trigger), below when odd. */
const placedAbove = (n: number) => n % 2 === 0;

/** Where entry `n` rests after tick `tick` at `price`: 0.05–5 % away, on its own side. */
function levelFor(n: number, tick: number, price: bigint): bigint {
  const distance = (price * BigInt(5 + (mix(n, tick) % 496))) / 10_000n + 1n;
  return placedAbove(n) ? price + distance : price - distance;
}

/** Sequence of entry `n` placed at tick `tick`: later ticks rank later. */
const sequenceFor = (n: number, tick: number) => BigInt(tick + 1) * BigInt(RESTING) + BigInt(n);

/** One engine: evaluates tick `tick`, re-places what it reached, and returns how many that was. */
type Engine = { readonly name: string; tick(tick: number): number; checksum(): number };

type Order = RestingOrder & { readonly n: number };
type Trigger = PriceTrigger & { readonly n: number };

function makeOrder(n: number, tick: number, price: bigint): Order {
  const side: OrderSide = placedAbove(n) ? 'sell' : 'buy';
  const symbol = symbols[n % SYMBOL_COUNT] as string;
  return { id: `o${n}`, n, symbol, side, price: levelFor(n, tick, price), sequence: sequenceFor(n, tick) };
}

function makeTrigger(n: number, tick: number, price: bigint): Trigger {
  const fires: TriggerDirection = placedAbove(n) ? 'at-or-above' : 'at-or-below';
  const symbol = symbols[n % SYMBOL_COUNT] as string;
  return { id: `t${n}`, n, symbol, fires, level: levelFor(n, tick, price), sequence: sequenceFor(n, tick) };
}

/** The same for every engine: the sum of (entry, tick) hashes of everything reached. */
function checksumOf(n: number, tick: number): number {
  return mix(n, tick + 1) % 1_000_003;
}

function orderIndexEngine(): Engine {
  const index = new OrderIndex<Order>();
  index.load(
    Array.from({ length: RESTING }, (_, n) => makeOrder(n, -1, startPrices[n % SYMBOL_COUNT] as bigint)),
  );
  let sum = 0;
  return {
    name: 'OrderIndex',
    tick(tick) {
      const symbol = symbols[feedSymbol[tick] as number] as string;
      const price = feedPrice[tick] as bigint;
      const { buys, sells } = index.crossed(symbol, price);
      for (const filled of [...buys, ...sells]) {
        index.remove(filled.id);
        index.add(makeOrder(filled.n, tick, price));
        sum += checksumOf(filled.n, tick);
      }
      return buys.length + sells.length;
    },
    checksum: () => sum,
  };
}

function triggerIndexEngine(): Engine {
  const index = new TriggerIndex<Trigger>();
  index.load(
    Array.from({ length: RESTING }, (_, n) => makeTrigger(n, -1, startPrices[n % SYMBOL_COUNT] as bigint)),
  );
  let sum = 0;
  return {
    name: 'TriggerIndex',
    tick(tick) {
      const symbol = symbols[feedSymbol[tick] as number] as string;
      const price = feedPrice[tick] as bigint;
      const fired = index.fire(symbol, price);
      for (const trigger of fired) {
        index.add(makeTrigger(trigger.n, tick, price));
        sum += checksumOf(trigger.n, tick);
      }
      return fired.length;
    },
    checksum: () => sum,
  };
}

/**
 * The scan an engine without an index would do: every resting order checked on every tick (`all`), or
 * only the ticked symbol's orders (`symbol`, orders grouped by symbol in arrays).
 */
function scanEngine<T extends { n: number; symbol: string }>(
  name: string,
  scope: 'all' | 'symbol',
  make: (n: number, tick: number, price: bigint) => T,
  reached: (entry: T, price: bigint) => boolean,
): Engine {
  const all = Array.from({ length: RESTING }, (_, n) => make(n, -1, startPrices[n % SYMBOL_COUNT] as bigint));
  const lists =
    scope === 'all' ? [] : symbols.map((symbol) => all.filter((entry) => entry.symbol === symbol));
  let sum = 0;
  return {
    name,
    tick(tick) {
      const s = feedSymbol[tick] as number;
      const symbol = symbols[s] as string;
      const price = feedPrice[tick] as bigint;
      const list = scope === 'all' ? all : (lists[s] as T[]);
      let count = 0;
      for (let i = 0; i < list.length; i++) {
        const entry = list[i] as T;
        if (entry.symbol !== symbol || !reached(entry, price)) continue;
        list[i] = make(entry.n, tick, price);
        sum += checksumOf(entry.n, tick);
        count++;
      }
      return count;
    },
    checksum: () => sum,
  };
}

const orderReached = (order: Order, price: bigint) =>
  order.side === 'buy' ? order.price >= price : order.price <= price;
const triggerReached = (trigger: Trigger, price: bigint) =>
  trigger.fires === 'at-or-above' ? price >= trigger.level : price <= trigger.level;

type Run = { engine: Engine; ticks: number; reached: number; wallMs: number; cpuMs: number };

/** This process's CPU time (the main thread only waits meanwhile). */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function run(engine: Engine, ticksMax: number): Run {
  let reached = 0;
  let ticks = 0;
  const wallStarted = performance.now();
  const cpuStarted = cpuMs();
  while (ticks < ticksMax) {
    reached += engine.tick(ticks);
    ticks++;
    if ((ticks & 255) === 0 && performance.now() - wallStarted > BUDGET_MS) break;
  }
  return { engine, ticks, reached, wallMs: performance.now() - wallStarted, cpuMs: cpuMs() - cpuStarted };
}

const perSecond = (r: { ticks: number; cpuMs: number }) => r.ticks / (r.cpuMs / 1000);
const format = (x: number) => Math.round(x).toLocaleString('en-US');

const families = {
  'limit orders': {
    index: orderIndexEngine,
    scan: (scope: Scope) => scanEngine(`scan ${scope}`, scope, makeOrder, orderReached),
  },
  'TP/SL/liq.': {
    index: triggerIndexEngine,
    scan: (scope: Scope) => scanEngine(`scan ${scope}`, scope, makeTrigger, triggerReached),
  },
};
type Family = keyof typeof families;
type Scope = 'all' | 'symbol';
type Job = { family: Family; engine: 'index' | Scope; ticksMax: number };
type Result = {
  name: string;
  ticks: number;
  reached: number;
  wallMs: number;
  cpuMs: number;
  sameAsIndex: boolean | null;
};

/** In a worker: one measurement, then, for a scan, a fresh index on exactly its ticks must reach the same. */
function measure(job: Job): Result {
  const family = families[job.family];
  const r = run(job.engine === 'index' ? family.index() : family.scan(job.engine), job.ticksMax);
  let sameAsIndex: boolean | null = null;
  if (job.engine !== 'index') {
    const index = family.index();
    let reached = 0;
    for (let t = 0; t < r.ticks; t++) reached += index.tick(t);
    sameAsIndex = reached === r.reached && index.checksum() === r.engine.checksum();
  }
  return {
    name: r.engine.name,
    ticks: r.ticks,
    reached: r.reached,
    wallMs: r.wallMs,
    cpuMs: r.cpuMs,
    sameAsIndex,
  };
}

async function inWorker(job: Job): Promise<Result> {
  // The worker runs this same file through tsx (Node 20 does not pass tsx's loader on to workers).
  const self = JSON.stringify(import.meta.url);
  const worker = new Worker(`import('tsx/esm/api').then((tsx) => tsx.tsImport(${self}, ${self}))`, {
    eval: true,
    workerData: job,
  });
  try {
    return await new Promise<Result>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

async function main(): Promise<void> {
  console.log(
    `${format(RESTING)} resting across ${SYMBOL_COUNT} symbols, random-walk feed (one symbol moves per tick, ±0.1 % at most)`,
  );
  // The process's CPU time, not wall time: on a shared machine wall time measures the neighbours too.
  console.log('ticks/s are per second of CPU time; wall time beside it for the record');
  console.log(
    'kind            engine                  ticks    wall ms     cpu ms       ticks/s    reached   same as index',
  );
  const ratios: string[] = [];
  for (const family of Object.keys(families) as Family[]) {
    const results: Record<Job['engine'], Result> = {
      index: await inWorker({ family, engine: 'index', ticksMax: FEED_TICKS }),
      symbol: await inWorker({ family, engine: 'symbol', ticksMax: 100_000 }),
      all: await inWorker({ family, engine: 'all', ticksMax: 5_000 }),
    };
    for (const r of Object.values(results)) {
      console.log(
        `${family.padEnd(15)} ${r.name.padEnd(16)} ${format(r.ticks).padStart(12)} ${format(r.wallMs).padStart(10)} ${format(r.cpuMs).padStart(10)} ${format(perSecond(r)).padStart(13)} ${format(r.reached).padStart(10)}   ${r.sameAsIndex ?? '—'}`,
      );
    }
    const indexed = perSecond(results.index);
    ratios.push(
      `${family}: index / full scan = ${format(indexed / perSecond(results.all))}×, index / symbol scan = ${(indexed / perSecond(results.symbol)).toFixed(1)}×`,
    );
  }
  for (const line of ratios) console.log(line);
}

if (isMainThread) {
  const timer = setTimeout(() => {
    console.error(`trigger-index: gave up after ${HARD_LIMIT_MS / 1000} s`);
    process.exit(1);
  }, HARD_LIMIT_MS);
  timer.unref();
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
} else {
  parentPort?.postMessage(measure(workerData as Job));
}
