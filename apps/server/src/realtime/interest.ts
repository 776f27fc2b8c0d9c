import { z } from 'zod';
import type { Bus } from '../market/bus';

/*
 * Which topics some client wants, across instances. Each socket-serving instance announces its topics on
 * the bus every few seconds with a time to live; the feed leader keeps the union of the live announcements
 * and computes candles, books and trades only for those. A new topic is announced at once, so the first
 * client of a topic waits for one tick at most, and an instance that stops says so.
 */

export const interestBusTopic = 'realtime:interest';

const announcement = z.object({
  instance: z.string(),
  topics: z.array(z.string()),
  ttlMs: z.number().int().positive(),
});
type Announcement = z.infer<typeof announcement>;

export interface InterestTimings {
  announceEveryMs: number;
  ttlMs: number;
}

export const defaultInterestTimings: InterestTimings = { announceEveryMs: 2_000, ttlMs: 6_000 };

/** The announcing side, one per instance that serves sockets. */
export class InterestAnnouncer {
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Immediate | undefined;
  private stopped = false;

  constructor(
    private readonly bus: Bus,
    private readonly instanceId: string,
    private readonly topics: () => string[],
    private readonly timings: InterestTimings = defaultInterestTimings,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.timer = setInterval(() => this.announce(), timings.announceEveryMs);
  }

  /** The local topics changed: announce on the next turn, once for everything changed in this one. */
  changed(): void {
    if (this.stopped || this.soon) return;
    this.soon = setImmediate(() => {
      this.soon = undefined;
      this.announce();
    });
  }

  /** Says this instance wants nothing any more, so the leader stops at once rather than after the TTL. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    if (this.soon) clearImmediate(this.soon);
    await this.send([]);
  }

  private announce(): void {
    if (!this.stopped) void this.send(this.topics());
  }

  private async send(topics: string[]): Promise<void> {
    const message: Announcement = { instance: this.instanceId, topics, ttlMs: this.timings.ttlMs };
    await this.bus.publish(interestBusTopic, message).catch(this.onError);
  }
}

/** The leader's side: the union of the topics every live instance announced. */
export class InterestBoard {
  private readonly byInstance = new Map<string, { topics: Set<string>; expiresAtMs: number }>();
  private unsubscribe: (() => Promise<void>) | undefined;

  /** `onNew` hears topics no instance wanted before, so their first message can go out at once. */
  constructor(private readonly onNew: (topics: string[]) => void = () => {}) {}

  async listen(bus: Bus): Promise<void> {
    this.unsubscribe = await bus.subscribe(interestBusTopic, (payload) => this.hear(payload));
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
    this.byInstance.clear();
  }

  /** Topics wanted now (announcements past their TTL no longer count). */
  topics(nowMs = Date.now()): Set<string> {
    const all = new Set<string>();
    for (const [instance, entry] of this.byInstance) {
      if (entry.expiresAtMs <= nowMs) {
        this.byInstance.delete(instance);
        continue;
      }
      for (const topic of entry.topics) all.add(topic);
    }
    return all;
  }

  hear(payload: unknown, nowMs = Date.now()): void {
    const parsed = announcement.safeParse(payload);
    if (!parsed.success) return;
    const { instance, topics, ttlMs } = parsed.data;
    const before = this.topics(nowMs);
    if (topics.length === 0) this.byInstance.delete(instance);
    else this.byInstance.set(instance, { topics: new Set(topics), expiresAtMs: nowMs + ttlMs });
    const fresh = topics.filter((t) => !before.has(t));
    if (fresh.length > 0) this.onNew(fresh);
  }
}
