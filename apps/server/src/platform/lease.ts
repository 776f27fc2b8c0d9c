import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Bus } from '../market/bus';
import { RedisBus } from '../market/bus-redis';

/**
 * Which instance runs a singular piece of work (DESIGN.md §13): the feed (exactly one publishes ticks) and
 * each per-second engine (spot, stock contracts, coin contracts) hold a named lease. On the in-process bus
 * there is one instance, so it always leads; on Redis a lock key per name decides (see RedisLeader).
 */
export interface Leadership {
  readonly instanceId: string;
  isLeader(): boolean;
  /** Stops competing and gives the lock up at once, so another instance takes over without waiting. */
  stop(): Promise<void>;
}

export interface LeaderTimings {
  /** How long the lock lives unless renewed. */
  ttlMs: number;
  /** How often the leader renews and the others try to take it. */
  renewMs: number;
}

export const defaultLeaderTimings: LeaderTimings = { ttlMs: 5_000, renewMs: 2_000 };

export function newInstanceId(): string {
  return randomBytes(6).toString('hex');
}

/**
 * The leadership of the lease `name` that fits the bus: a Redis lock on a Redis bus, always-leader in
 * process. The feed's lease is 'feed-leader' (the default, its key since before engines had leases).
 */
export function electLeader(
  bus: Bus,
  opts: {
    name?: string;
    instanceId?: string;
    timings?: LeaderTimings;
    onError?: (err: unknown) => void;
  } = {},
): Leadership {
  const instanceId = opts.instanceId ?? newInstanceId();
  if (bus instanceof RedisBus) {
    const key = `${bus.prefix}${opts.name ?? 'feed-leader'}`;
    return new RedisLeader(bus.commands, key, instanceId, opts.timings, opts.onError);
  }
  return { instanceId, isLeader: () => true, stop: async () => {} };
}

// Only the holder may extend or delete the lock: compare the value and act in one step.
const renewScript = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const releaseScript = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * A lease in Redis: `SET key id NX PX ttl` takes it, a compare-and-PEXPIRE renews it every `renewMs`, and
 * whoever finds it gone takes it at their next attempt (so within `ttlMs + renewMs` of a crash, and within
 * `renewMs` of a clean stop, which deletes the key). The holder counts its lease from before each
 * request, so it stops leading before the key can lapse even when Redis stops answering: two leaders never
 * overlap, at the cost of no leader for up to one TTL after a crash.
 */
export class RedisLeader implements Leadership {
  private leaseUntilMs = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private attempt: Promise<void> = Promise.resolve();

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    readonly instanceId: string,
    private readonly timings: LeaderTimings = defaultLeaderTimings,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.attempt = this.compete();
    this.timer = setInterval(() => {
      this.attempt = this.compete();
    }, timings.renewMs);
  }

  isLeader(): boolean {
    return !this.stopped && Date.now() < this.leaseUntilMs;
  }

  /** Resolves once the first attempt to lead has answered (tests and start-up logs). */
  async settled(): Promise<void> {
    await this.attempt;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    await this.attempt;
    const held = this.leaseUntilMs > Date.now();
    this.leaseUntilMs = 0;
    if (held) await this.redis.eval(releaseScript, 1, this.key, this.instanceId).catch(this.onError);
  }

  /** Tests: stop renewing without releasing, as a crashed instance would. */
  abandon(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.leaseUntilMs = 0;
  }

  private async compete(): Promise<void> {
    if (this.stopped) return;
    const askedAt = Date.now();
    try {
      // Take the lock if it is free, else extend it if it is still ours (also after our own lease ran out
      // locally, when no one else can have taken it yet).
      const ok =
        (await this.redis.set(this.key, this.instanceId, 'PX', this.timings.ttlMs, 'NX')) === 'OK' ||
        (await this.redis.eval(renewScript, 1, this.key, this.instanceId, String(this.timings.ttlMs))) === 1;
      if (this.stopped) return;
      // A small margin under the TTL for clock drift between this process and Redis.
      this.leaseUntilMs = ok ? askedAt + this.timings.ttlMs - Math.min(500, this.timings.ttlMs / 10) : 0;
    } catch (err) {
      // Unreachable Redis: the lease simply runs out; the next attempt tries again.
      this.onError(err);
    }
  }
}

/** How a lease's unreachable Redis is logged: a warning, since the lease simply lapses and is retried. */
export function leaseError(log: { warn(obj: object, msg: string): void }): (err: unknown) => void {
  return (err) => log.warn({ err }, 'lease not renewed');
}
