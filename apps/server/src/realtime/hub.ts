import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../market/bus';
import type { InterestAnnouncer } from './interest';

/** A socket's side of the fan-out: the hub hands it frames, it decides when they go out. */
export interface HubMember {
  /** A frame of a market topic (the latest wins until it is sent). */
  offer(topic: string, frame: string): void;
  /** A payload of the user's own events (each one counts; none is coalesced). */
  userEvent(payload: unknown): void;
  /** Sends what it may; answers when to try again, if something still waits. */
  flush(nowMs: number): number | undefined;
}

interface Channel {
  members: Set<HubMember>;
  /** The last frame, handed to a member that joins later so it sees the state at once. */
  latest?: string;
  ready: Promise<(() => Promise<void>) | undefined>;
}

/**
 * One instance's fan-out (DESIGN.md §6). Each bus topic some local socket wants is subscribed once; a
 * message is serialised once and offered to every member, which coalesces it. Members whose messages wait
 * (rate cap, slow socket) are flushed by one timer for the whole instance, set for the earliest moment one
 * of them is due, and running only while any wait.
 */
export class Hub {
  private readonly channels = new Map<string, Channel>();
  /** Members with frames waiting, and when each is due. */
  private readonly waiting = new Map<HubMember, number>();
  private flushTimer: NodeJS.Timeout | undefined;
  private flushAtMs = Number.POSITIVE_INFINITY;
  private closed = false;

  constructor(
    private readonly bus: Bus,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly announcer?: InterestAnnouncer,
  ) {}

  /** The market topics some local socket wants (what the interest announcement says). */
  marketTopics(): string[] {
    return [...this.channels.keys()].filter((t) => !t.startsWith('user:'));
  }

  async join(member: HubMember, busTopic: string): Promise<void> {
    let channel = this.channels.get(busTopic);
    if (!channel) {
      const created: Channel = { members: new Set(), ready: Promise.resolve(undefined) };
      created.ready = this.bus
        .subscribe(busTopic, (payload) => this.fanOut(busTopic, created, payload))
        .catch((err: unknown) => {
          this.log.warn({ err, topic: busTopic }, 'bus subscribe failed');
          return undefined;
        });
      channel = created;
      this.channels.set(busTopic, channel);
      if (!busTopic.startsWith('user:')) this.announcer?.changed();
    }
    channel.members.add(member);
    await channel.ready;
    if (channel.latest !== undefined && channel.members.has(member)) member.offer(busTopic, channel.latest);
  }

  async leave(member: HubMember, busTopic: string): Promise<void> {
    const channel = this.channels.get(busTopic);
    if (!channel?.members.delete(member) || channel.members.size > 0) return;
    this.channels.delete(busTopic);
    if (!busTopic.startsWith('user:')) this.announcer?.changed();
    const unsubscribe = await channel.ready;
    await unsubscribe?.().catch((err: unknown) =>
      this.log.warn({ err, topic: busTopic }, 'bus unsubscribe failed'),
    );
  }

  /** A member has frames waiting: flush it at `dueMs` (epoch ms). */
  wait(member: HubMember, dueMs: number): void {
    if (this.closed) return;
    this.waiting.set(member, dueMs);
    this.schedule(dueMs);
  }

  forget(member: HubMember): void {
    this.waiting.delete(member);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.flushTimer);
    this.waiting.clear();
    const channels = [...this.channels.values()];
    this.channels.clear();
    await Promise.all(channels.map(async (c) => (await c.ready)?.().catch(() => {})));
  }

  private fanOut(busTopic: string, channel: Channel, payload: unknown): void {
    if (busTopic.startsWith('user:')) {
      for (const member of channel.members) member.userEvent(payload);
      return;
    }
    const frame = JSON.stringify({ topic: busTopic, data: payload });
    channel.latest = frame;
    for (const member of channel.members) member.offer(busTopic, frame);
  }

  private schedule(dueMs: number): void {
    if (dueMs >= this.flushAtMs) return;
    clearTimeout(this.flushTimer);
    this.flushAtMs = dueMs;
    this.flushTimer = setTimeout(() => this.flushWaiting(), Math.max(0, dueMs - Date.now()));
  }

  private flushWaiting(): void {
    this.flushTimer = undefined;
    this.flushAtMs = Number.POSITIVE_INFINITY;
    const now = Date.now();
    let nextMs = Number.POSITIVE_INFINITY;
    for (const [member, dueMs] of this.waiting) {
      const again = dueMs <= now ? member.flush(now) : dueMs;
      if (again === undefined) this.waiting.delete(member);
      else {
        this.waiting.set(member, again);
        nextMs = Math.min(nextMs, again);
      }
    }
    if (!this.closed && nextMs < Number.POSITIVE_INFINITY) this.schedule(nextMs);
  }
}
