import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/db';
import type { Bus } from './market/bus';
import type { MarketService } from './market/market-service';
import type { JobRunner } from './platform/jobs/job-runner';
import type { Notifier } from './platform/notifier';

/** A clock that tests can move. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that starts at `startMs` and runs at the real pace from there (demo mode's DEMO_CLOCK_START). */
export function shiftedClock(startMs: number): Clock {
  const offsetMs = startMs - Date.now();
  return { now: () => Date.now() + offsetMs };
}

/** What every module is given when it is registered. */
export interface Services {
  config: Config;
  db: Db;
  clock: Clock;
  notifier: Notifier;
  /** Instruments and their feeds, one per process: the calls and the WebSocket read the market through it. */
  market: MarketService;
  /** Market ticks and users' own events: in process, or Redis pub/sub across instances (REDIS_URL). */
  bus: Bus;
  /** Scheduled work, each period run once across instances (platform/jobs). Modules define their jobs. */
  jobs: JobRunner;
  log: FastifyBaseLogger;
}
